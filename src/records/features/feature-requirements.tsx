// The requirements of a feature on its page: a paged list (operation 4) with status pills and
// delete, and the inline "Add requirement" form (operation 3). They live with the feature because a
// requirement exists only inside one, and a records folder does not import another.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { accountQueries, statusesFor } from '../../api/account';
import { requirementQueries, useCreateRequirement, useDeleteRequirement } from '../../api/requirements';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import type { Feature, Requirement, RequirementCreateInput } from '../../contract/features';
import { Button } from '../../ui/button';
import { CommentsToggle } from '../../ui/comment-count';
import { CommentsPanel } from '../../ui/comments-panel';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { DataTable, type Column } from '../../ui/data-table';
import { errorMessage } from '../../ui/error-state';
import { SelectField, TextField } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { DescriptionField } from '../../ui/form-fields';
import { mapFieldErrors } from '../../ui/map-field-errors';
import { PagedSection } from '../../ui/paged-section';
import { assigneeColumn, datesColumn, keyNameColumn, statusColumn } from '../../ui/work-item-columns';
import { REQUIREMENT_FORM_FIELDS, emptyRequirement, requirementFormSchema, type RequirementFormValues } from './requirement-form-schema';
import './features.css';

export const REQUIREMENTS_PER_PAGE = 20;

export function FeatureRequirements({ feature }: { feature: Feature }) {
  const [page, setPage] = useState(1);
  const list = useQuery(requirementQueries.list(feature.id, { page, perPage: REQUIREMENTS_PER_PAGE }));
  const workflows = useQuery(accountQueries.workflows(feature.product_id));
  const users = useQuery(accountQueries.users());
  const del = useDeleteRequirement();
  const [toDelete, setToDelete] = useState<Requirement | null>(null);
  // The requirement whose thread is open under the table (a requirement has no page of its own).
  const [thread, setThread] = useState<Requirement | null>(null);

  const rows = list.data?.requirements ?? [];
  const statuses = statusesFor(workflows.data, 'Requirement');

  const confirmDelete = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        // The last row of a later page gone: show the page before rather than an empty one.
        if (rows.length === 1 && page > 1) setPage(page - 1);
        setToDelete(null);
      },
    });
  };

  const columns: Column<Requirement>[] = [
    keyNameColumn<Requirement>('requirement'),
    statusColumn<Requirement>(),
    assigneeColumn<Requirement>(),
    datesColumn<Requirement>(),
    {
      // The thread's toggle sits with the row's actions: the table has no width to spare for a column.
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: '8.5rem',
      align: 'end',
      cell: (r) => (
        <span className="requirement-actions">
          <CommentsToggle
            count={r.comments_count}
            name={`${r.reference_num} ${r.name}`}
            expanded={thread?.id === r.id}
            controls="requirement-comments"
            onToggle={() => setThread(thread?.id === r.id ? null : r)}
          />
          <Button size="sm" variant="ghost" onClick={() => setToDelete(r)} aria-label={`Delete requirement ${r.name}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <PagedSection
      id="feature-requirements"
      title="Requirements"
      count={list.data?.pagination.total_records}
      noun="requirements"
      pagination={list.data?.pagination}
      onPageChange={setPage}
      paging={list.isPlaceholderData}
    >
      <DataTable
        compact
        label={`Requirements of ${feature.reference_num}`}
        noun="requirements"
        columns={columns}
        rows={list.data?.requirements}
        state={list}
        empty={
          <EmptyState compact title="No requirements yet">
            Break the feature down into requirements with the form below.
          </EmptyState>
        }
      />

      {thread ? (
        <CommentsPanel
          key={thread.id}
          panelId="requirement-comments"
          kind="requirements"
          id={thread.id}
          title={`Comments on ${thread.reference_num} ${thread.name}`}
          level={3}
          variant="inset"
        />
      ) : null}

      <AddRequirementForm featureId={feature.id} statuses={statuses} users={users.data?.users ?? []} />

      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete requirement ${toDelete?.reference_num ?? ''}?`}
        confirmLabel="Delete requirement"
        pending={del.isPending}
        error={del.isError ? errorMessage(del.error) : null}
        onConfirm={confirmDelete}
        onCancel={() => {
          setToDelete(null);
          del.reset();
        }}
      >
        “{toDelete?.name}” will be removed from this feature.
      </ConfirmDialog>
    </PagedSection>
  );
}

/** The hidden word makes each label unique on the page ("Requirement Name") while the eye reads "Name". */
function label(text: string) {
  return (
    <>
      <span className="visually-hidden">Requirement </span>
      {text}
    </>
  );
}

function AddRequirementForm({
  featureId,
  statuses,
  users,
}: {
  featureId: string;
  statuses: readonly WorkflowStatus[];
  users: readonly User[];
}) {
  const create = useCreateRequirement(featureId);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [added, setAdded] = useState('');
  const form = useForm<RequirementFormValues, unknown, RequirementCreateInput>({
    resolver: zodResolver(requirementFormSchema),
    defaultValues: emptyRequirement(),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (input) => {
    setFormErrors([]);
    setAdded('');
    try {
      const requirement = await create.mutateAsync(input);
      reset(emptyRequirement());
      setAdded(`Added ${requirement.reference_num} ${requirement.name}.`);
      setFocus('name');
    } catch (error) {
      setFormErrors(mapFieldErrors(error, setError, REQUIREMENT_FORM_FIELDS));
    }
  });

  return (
    <FormProvider {...form}>
      <form className="form requirement-form" aria-label="Add requirement" noValidate onSubmit={(event) => void submit(event)}>
        <h3 className="requirement-form__title">Add requirement</h3>
        <FormError messages={formErrors} title="The requirement could not be added" />
        <div className="form-grid">
          <TextField
            label={label('Name')}
            required
            className="field--wide"
            registration={register('name')}
            error={errors.name?.message}
            autoComplete="off"
            maxLength={255}
          />
          <SelectField
            label={label('Status')}
            registration={register('workflow_status')}
            options={statuses.map((s) => ({ value: s.name, label: s.name }))}
            placeholder="Default status"
            error={errors.workflow_status?.message}
          />
          <SelectField
            label={label('Assignee')}
            registration={register('assigned_to_user')}
            options={users.filter((u) => u.enabled).map((u) => ({ value: u.email, label: u.name || u.email }))}
            placeholder="Unassigned"
            error={errors.assigned_to_user?.message}
          />
          <TextField label={label('Start date')} type="date" registration={register('start_date')} error={errors.start_date?.message} />
          <TextField label={label('End date')} type="date" registration={register('end_date')} error={errors.end_date?.message} />
          <DescriptionField label={label('Description')} rows={3} />
        </div>
        <div className="form-actions">
          <p className="field__understood" role="status">
            {added}
          </p>
          <Button type="submit" variant="primary" pending={isSubmitting} pendingLabel="Adding…">
            Add requirement
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
