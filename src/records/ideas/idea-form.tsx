// The one idea form, for creating (operation 10) and editing, drawn from the workspace's Idea layout
// (LayoutForm): the idea's standard fields are blocks the layout places in its sections and columns
// — who asked (any email, required on create), status from the product's Idea workflow, categories
// as a checklist (children under their parents), visibility with readable labels, the portal it came
// through, how it counts (initial votes, spam) and the admin's answer — and its custom fields come
// with it. The service's 422s land under the fields they name.
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { uploadImage } from '../../api/attachments';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import type { Idea, IdeaCategory, IdeaCreateInput, IdeaUpdateInput } from '../../contract/ideas';
import type { ScreenLayout } from '../../contract/layouts';
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
import { recordFormLabels, useRecordForm } from '../../ui/form-shell';
import { LayoutForm, type LayoutBlocks } from '../../ui/layout-form';
import {
  IDEA_FIELD_ALIASES,
  VISIBILITY_OPTIONS,
  ideaFormDefaults,
  ideaFormLayout,
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
  /** The workspace's Idea layout (the built-in one when it could not be read). */
  layout: ScreenLayout;
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

function CreatorField({ idea }: { idea?: Idea | undefined }) {
  const { register } = useFormContext<IdeaFormValues>();
  return (
    <TextField
      label="Created by"
      type="email"
      required={!idea}
      registration={register('created_by')}
      error={useFieldError('created_by')}
      hint="Email of the person who asked; they need not be a user"
      autoComplete="off"
    />
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

function InitialVotesField() {
  const { register } = useFormContext<IdeaFormValues>();
  return (
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
  );
}

function SpamField() {
  const { register } = useFormContext<IdeaFormValues>();
  return <CheckboxField label="Spam" registration={register('spam')} hint="Kept out of the list and of duplicate suggestions" />;
}

/** The response shows in the ideas portal only once published: a draft can be written first. */
function PublishResponseField() {
  const { register } = useFormContext<IdeaFormValues>();
  return (
    <CheckboxField
      label="Publish the response in the portal"
      registration={register('admin_response_published')}
      hint="Portal users see it on the idea's page"
    />
  );
}

/** The idea's standard fields as the layout places them, by its keys. */
function ideaBlocks(choices: IdeaFormChoices, idea: Idea | undefined): LayoutBlocks {
  return {
    name: <NameField />,
    workflow_status: (
      <BoundSelect
        name="workflow_status"
        label="Status"
        options={statusOptions(choices.statuses, idea?.workflow_status.name)}
        placeholder={idea ? undefined : `Default (${choices.statuses[0]?.name ?? 'first status'})`}
      />
    ),
    created_by: <CreatorField idea={idea} />,
    assigned_to_user: <AssigneeField users={choices.users} current={idea?.assigned_to_user} />,
    tags: <TagsField />,
    description: <DescriptionField onUploadImage={idea ? (file) => uploadImage({ collection: 'ideas', id: idea.id }, file) : undefined} />,
    visibility: <BoundSelect name="visibility" label="Visibility" options={VISIBILITY_OPTIONS} hint="Who sees the idea in ideas portals" />,
    submitted_idea_portal_id: <PortalField portals={choices.portals} idea={idea} />,
    categories: (
      <BoundChecklist
        name="categories"
        legend="Categories"
        empty="This workspace has no idea categories yet."
        id="idea-categories"
        className="field--wide"
        items={categoryItems(choices.categories)}
      />
    ),
    initial_votes: <InitialVotesField />,
    spam: <SpamField />,
    admin_response: (
      <>
        <DescriptionField name="admin_response" label="Admin response" hint="Your answer to the idea." rows={4} />
        <PublishResponseField />
      </>
    ),
  };
}

export function IdeaForm(props: IdeaFormProps) {
  const { choices, cancelHref, idea } = props;
  const mode = idea ? 'edit' : 'create';
  const model = useMemo(() => ideaFormLayout(choices.layout, mode, idea), [choices.layout, mode, idea]);
  const schema = useMemo(() => ideaFormSchema(mode, model), [mode, model]);
  const form = useRecordForm(schema, () => ideaFormDefaults(idea, model));

  return (
    <LayoutForm
      form={form}
      model={model}
      blocks={ideaBlocks(choices, idea)}
      users={choices.users}
      {...recordFormLabels('idea', idea)}
      aliases={IDEA_FIELD_ALIASES}
      cancel={{ to: cancelHref }}
      onSubmit={(values) => (props.idea ? props.onSubmit(toUpdateInput(values, model)) : props.onSubmit(toCreateInput(values, model)))}
      successMessage={idea ? 'Idea saved' : 'Idea created'}
    />
  );
}
