// The one idea form, for creating (operation 10) and editing, in the FormShell: who asked (any
// email, required on create), status from the product's Idea workflow, categories as a checklist
// (children under their parents), visibility with readable labels, the portal it came through;
// the side column holds how it counts (initial votes, spam) and the admin's answer. The service's
// 422s land under the fields they name.
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { uploadImage } from '../../api/attachments';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import type { Idea, IdeaCategory, IdeaCreateInput, IdeaUpdateInput } from '../../contract/ideas';
import { CheckboxField, TextField } from '../../ui/field';
import {
  AssigneeField,
  BoundChecklist,
  BoundSelect,
  DescriptionField,
  NameField,
  TagsField,
  statusOptions,
  useFieldError,
  withCurrent,
} from '../../ui/form-fields';
import { FormSection, FormShell, recordFormLabels, useRecordForm } from '../../ui/form-shell';
import {
  IDEA_FIELD_ALIASES,
  VISIBILITY_OPTIONS,
  ideaFormDefaults,
  ideaFormSchema,
  toCreateInput,
  toUpdateInput,
  type IdeaFormValues,
} from './idea-form-schema';

export interface IdeaFormChoices {
  /** The product's Idea statuses, in workflow order. */
  statuses: readonly WorkflowStatus[];
  users: readonly User[];
  categories: readonly IdeaCategory[];
  /** List items: the title may be left out of a narrowed answer. */
  portals: readonly { id: string; title?: string | undefined }[];
}

interface CommonProps {
  choices: IdeaFormChoices;
  cancelHref: string;
}

/** Edit when `idea` is given, create otherwise; navigation after success is the caller's. */
export type IdeaFormProps = CommonProps &
  (
    | { idea: Idea; onSubmit: (input: IdeaUpdateInput) => Promise<unknown> }
    | { idea?: undefined; onSubmit: (input: IdeaCreateInput) => Promise<unknown> }
  );

const NBSP = '\u00a0';

/** Categories in the service's order (each parent followed by its children), children indented. */
export function categoryItems(categories: readonly IdeaCategory[]) {
  return categories.map((c) => ({ value: c.name, label: c.parent_id ? `${NBSP.repeat(4)}${c.name}` : c.name }));
}

function MainFields({ choices, idea }: { choices: IdeaFormChoices; idea?: Idea | undefined }) {
  const { register } = useFormContext<IdeaFormValues>();
  const statuses = statusOptions(choices.statuses, idea?.workflow_status.name);
  return (
    <>
      <FormSection title="Idea">
        <NameField />
        <BoundSelect
          name="workflow_status"
          label="Status"
          options={statuses}
          placeholder={idea ? undefined : `Default (${choices.statuses[0]?.name ?? 'first status'})`}
        />
        <TextField
          label="Created by"
          type="email"
          required={!idea}
          registration={register('created_by')}
          error={useFieldError('created_by')}
          hint="Email of the person who asked; they need not be a user"
          autoComplete="off"
        />
        <AssigneeField users={choices.users} current={idea?.assigned_to_user} />
        <TagsField />
        <DescriptionField onUploadImage={idea ? (file) => uploadImage({ collection: 'ideas', id: idea.id }, file) : undefined} />
      </FormSection>
      <FormSection title="Where it shows">
        <BoundSelect name="visibility" label="Visibility" options={VISIBILITY_OPTIONS} hint="Who sees the idea in ideas portals" />
        <PortalField portals={choices.portals} idea={idea} />
      </FormSection>
    </>
  );
}

function PortalField({ portals, idea }: { portals: IdeaFormChoices['portals']; idea?: Idea | undefined }) {
  const options = useMemo(
    () =>
      withCurrent(
        portals.map((p) => ({ value: p.id, label: p.title ?? `Portal ${p.id}` })),
        idea?.submitted_idea_portal_id ? { value: idea.submitted_idea_portal_id, label: `Portal ${idea.submitted_idea_portal_id}` } : null,
      ),
    [portals, idea],
  );
  return (
    <BoundSelect
      name="portal"
      label="Portal"
      options={options}
      placeholder="No portal"
      hint={portals.length === 0 ? 'This workspace has no ideas portals' : 'The ideas portal it was submitted through'}
    />
  );
}

function SideFields({ choices }: { choices: IdeaFormChoices }) {
  const { register } = useFormContext<IdeaFormValues>();
  return (
    <>
      <FormSection title="Votes">
        <TextField
          label="Initial votes"
          type="number"
          inputMode="numeric"
          min={0}
          max={1_000_000}
          step={1}
          placeholder="0"
          registration={register('initial_votes')}
          error={useFieldError('initial_votes')}
          hint="Votes gathered before the idea was recorded here"
        />
        <CheckboxField label="Spam" registration={register('spam')} hint="Kept out of the list and of duplicate suggestions" />
      </FormSection>
      <BoundChecklist
        name="categories"
        legend="Categories"
        empty="This workspace has no idea categories yet."
        id="idea-categories"
        className="form-section checklist--section"
        items={categoryItems(choices.categories)}
      />
      <FormSection title="Response">
        <DescriptionField name="admin_response" label="Admin response" hint="Your answer to the idea." rows={4} />
      </FormSection>
    </>
  );
}

export function IdeaForm(props: IdeaFormProps) {
  const { choices, cancelHref, idea } = props;
  const form = useRecordForm(ideaFormSchema(idea ? 'edit' : 'create'), () => ideaFormDefaults(idea));

  return (
    <FormShell
      form={form}
      {...recordFormLabels('idea', idea)}
      aliases={IDEA_FIELD_ALIASES}
      cancel={{ to: cancelHref }}
      onSubmit={(values) => (props.idea ? props.onSubmit(toUpdateInput(values)) : props.onSubmit(toCreateInput(values)))}
      successMessage={idea ? 'Idea saved' : 'Idea created'}
      aside={<SideFields choices={choices} />}
    >
      <MainFields choices={choices} idea={idea} />
    </FormShell>
  );
}
