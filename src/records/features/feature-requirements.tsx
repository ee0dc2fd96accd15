// The requirements of a feature on its page: a paged list (operation 4) with status pills and
// delete, and the inline "Add requirement" form (operation 3), both drawn from the workspace's
// Requirement layout (the columns its fields on the page, custom ones included; the form its fields
// on the form, in its order). They live with the feature because a requirement exists only inside
// one, and a records folder does not import another.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { accountQueries, statusesFor } from '../../api/account';
import { requirementQueries, useCreateRequirement, useDeleteRequirement } from '../../api/requirements';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import type { Feature, Requirement, RequirementCreateInput } from '../../contract/features';
import { customFieldKeyOf, type ScreenLayout } from '../../contract/layouts';
import { Button } from '../../ui/button';
import { CommentsToggle } from '../../ui/comment-count';
import { CommentsPanel } from '../../ui/comments-panel';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { DataTable, type Column } from '../../ui/data-table';
import { errorMessage } from '../../ui/error-state';
import { SelectField, TextField, type SelectOption } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { DescriptionField, useFieldError } from '../../ui/form-fields';
import { useRequired } from '../../ui/layout-context';
import { CustomFieldValue } from '../../ui/layout-details';
import { LayoutFields } from '../../ui/layout-form';
import { customFieldKind, customValueTexts, detailSections, formLayout, onDetail, type FormLayout } from '../../ui/layout-model';
import { Loading } from '../../ui/loading';
import { mapFieldErrors } from '../../ui/map-field-errors';
import { PagedSection } from '../../ui/paged-section';
import { assigneeColumn, datesColumn, keyNameColumn, statusColumn } from '../../ui/work-item-columns';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';
import { buildRequirementFormSchema, emptyRequirement, requirementFormFields, type RequirementFormValues } from './requirement-form-schema';
import './features.css';

export const REQUIREMENTS_PER_PAGE = 20;

export function FeatureRequirements({ feature }: { feature: Feature }) {
  const [page, setPage] = useState(1);
  const list = useQuery(requirementQueries.list(feature.id, { page, perPage: REQUIREMENTS_PER_PAGE }));
  const workflows = useQuery(accountQueries.workflows(feature.product_id));
  const users = useQuery(accountQueries.users());
  // The rows and the form are drawn from it; the route warms it with the feature.
  const { layout } = useWorkspaceLayout(feature.product_id, 'Requirement');
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

  const shown = (field: string) => !layout || onDetail(layout, field);
  const columns: Column<Requirement>[] = [
    keyNameColumn<Requirement>('requirement'),
    ...(shown('workflow_status') ? [statusColumn<Requirement>()] : []),
    ...(shown('assigned_to_user') ? [assigneeColumn<Requirement>()] : []),
    ...(shown('start_date') || shown('end_date') ? [datesColumn<Requirement>()] : []),
    ...(layout ? customColumns(layout, users.data?.users ?? []) : []),
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

      {layout ? (
        <AddRequirementForm featureId={feature.id} statuses={statuses} users={users.data?.users ?? []} layout={layout} />
      ) : (
        <Loading label="Loading the requirement form…" />
      )}

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

/** A column per custom field the layout shows on the page, its values by type. */
function customColumns(layout: ScreenLayout, users: readonly User[]): Column<Requirement>[] {
  return detailSections(layout)
    .flatMap((section) => section.fields)
    .flatMap((field): Column<Requirement>[] => {
      const key = customFieldKeyOf(field.field);
      const type = field.custom_field_definition?.type;
      if (key === null || !type) return [];
      const kind = customFieldKind(type);
      const valueOf = (r: Requirement) => r.custom_fields?.find((v) => v.key === key)?.value ?? null;
      return [
        {
          id: `cf-${key}`,
          header: field.label,
          width: '10rem',
          csvValue: (r) => customValueTexts(kind, valueOf(r)).join(', '),
          cell: (r) =>
            customValueTexts(kind, valueOf(r)).length > 0 ? (
              <CustomFieldValue kind={kind} value={valueOf(r)} users={users} />
            ) : (
              <span className="muted">—</span>
            ),
        },
      ];
    });
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

/** A select of the requirement form, marked required when the layout says so. */
function RequirementSelect({
  name,
  text,
  options,
  placeholder,
}: {
  name: string;
  text: string;
  options: SelectOption[];
  placeholder: string;
}) {
  const { register } = useFormContext();
  return (
    <SelectField
      label={label(text)}
      required={useRequired(name)}
      registration={register(name)}
      options={options}
      placeholder={placeholder}
      error={useFieldError(name)}
    />
  );
}

function RequirementDate({ name, text }: { name: string; text: string }) {
  const { register } = useFormContext();
  return (
    <TextField label={label(text)} type="date" required={useRequired(name)} registration={register(name)} error={useFieldError(name)} />
  );
}

function requirementBlocks(statuses: readonly WorkflowStatus[], users: readonly User[], name: ReactNode) {
  return {
    name,
    workflow_status: (
      <RequirementSelect
        name="workflow_status"
        text="Status"
        options={statuses.map((s) => ({ value: s.name, label: s.name }))}
        placeholder="Default status"
      />
    ),
    assigned_to_user: (
      <RequirementSelect
        name="assigned_to_user"
        text="Assignee"
        options={users.filter((u) => u.enabled).map((u) => ({ value: u.email, label: u.name || u.email }))}
        placeholder="Unassigned"
      />
    ),
    start_date: <RequirementDate name="start_date" text="Start date" />,
    end_date: <RequirementDate name="end_date" text="End date" />,
    description: <DescriptionField label={label('Description')} rows={3} />,
  };
}

function AddRequirementForm({
  featureId,
  statuses,
  users,
  layout,
}: {
  featureId: string;
  statuses: readonly WorkflowStatus[];
  users: readonly User[];
  layout: ScreenLayout;
}) {
  const create = useCreateRequirement(featureId);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [added, setAdded] = useState('');
  const model: FormLayout = useMemo(() => formLayout(layout, { mode: 'create' }), [layout]);
  const schema = useMemo(() => buildRequirementFormSchema(model), [model]);
  const form = useForm<RequirementFormValues, unknown, RequirementCreateInput>({
    resolver: zodResolver(schema),
    defaultValues: emptyRequirement('', model),
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
      reset(emptyRequirement('', model));
      setAdded(`Added ${requirement.reference_num} ${requirement.name}.`);
      setFocus('name');
    } catch (error) {
      setFormErrors(mapFieldErrors(error, setError, requirementFormFields(model)));
    }
  });

  const name = (
    <TextField
      label={label('Name')}
      required
      className="field--wide"
      registration={register('name')}
      error={errors.name?.message}
      autoComplete="off"
      maxLength={255}
    />
  );

  return (
    <FormProvider {...form}>
      <form className="form requirement-form" aria-label="Add requirement" noValidate onSubmit={(event) => void submit(event)}>
        <h3 className="requirement-form__title">Add requirement</h3>
        <FormError messages={formErrors} title="The requirement could not be added" />
        <LayoutFields
          model={model}
          blocks={requirementBlocks(statuses, users, name)}
          users={users}
          customLabel={(text) => label(text)}
          hideLoneTitle
        />
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
