// "New note" when the workspace's Page layout asks for more than a name: a small dialog drawn from
// the layout (its sections and order, the required marks and checks, custom fields), focus in its
// first field, Escape or Cancel to leave, Enter or "Create note" to make the note. The service's
// field messages land under their fields; the name may stay empty (an untitled note), as ever.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormProvider, useForm, useFormContext, type Path } from 'react-hook-form';
import type { User } from '../../contract/account';
import type { NoteInput } from '../../contract/notes';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/field';
import { TagsField, useFieldError } from '../../ui/form-fields';
import { FormError } from '../../ui/form-error';
import { LayoutFields } from '../../ui/layout-form';
import type { FormLayout } from '../../ui/layout-model';
import { mapFieldErrors } from '../../ui/map-field-errors';
import { noteCreateDefaults, noteCreateSchema, toNoteCreateInput, type NoteCreateOutput, type NoteCreateValues } from './note-create-model';

export interface NoteCreateDialogProps {
  open: boolean;
  /** `noteCreateLayout(layout)`: what the dialog draws and checks. */
  model: FormLayout;
  /** The parent's id and name when the note goes under another; null for a top-level note. */
  parent: { id: string; label: string } | null;
  /** The account's users, for people custom fields. */
  users?: readonly User[] | undefined;
  pending: boolean;
  /** Creates the note; a rejection (a 422 above all) is shown in the dialog. What follows success is the caller's. */
  onCreate: (input: NoteInput) => Promise<unknown>;
  onCancel: () => void;
}

const FIELDS = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"]';

export function NoteCreateDialog({ open, model, parent, users, pending, onCreate, onCancel }: NoteCreateDialogProps) {
  const formRef = useRef<HTMLFormElement | null>(null);
  const firstField = useRef<HTMLElement | null>(null);
  return (
    <ConfirmDialog
      open={open}
      title={parent ? `New note under “${parent.label}”` : 'New note'}
      intent="primary"
      confirmLabel="Create note"
      pending={pending}
      initialFocus={firstField}
      onCancel={onCancel}
      // The dialog's button sits outside the form: it submits the form as Enter does.
      onConfirm={() => formRef.current?.requestSubmit()}
    >
      {/* Drawn only while open: every opening starts from an empty form. */}
      <NoteCreateForm
        model={model}
        parentId={parent?.id ?? null}
        users={users}
        onCreate={onCreate}
        formRef={(el) => {
          formRef.current = el;
          // Set as the dialog opens, before it moves the focus.
          firstField.current = el?.querySelector<HTMLElement>(FIELDS) ?? null;
        }}
      />
    </ConfirmDialog>
  );
}

/** The note's name: optional, so no required mark; an empty one makes an untitled note. */
function NoteNameField() {
  const { register } = useFormContext<NoteCreateValues>();
  return (
    <TextField
      label="Name"
      className="field--wide"
      registration={register('name')}
      error={useFieldError('name')}
      placeholder="Untitled"
      autoComplete="off"
      maxLength={255}
    />
  );
}

function NoteCreateForm({
  model,
  parentId,
  users,
  onCreate,
  formRef,
}: {
  model: FormLayout;
  parentId: string | null;
  users?: readonly User[] | undefined;
  onCreate: (input: NoteInput) => Promise<unknown>;
  formRef: (el: HTMLFormElement | null) => void;
}) {
  const schema = useMemo(() => noteCreateSchema(model), [model]);
  const [defaultValues] = useState(() => noteCreateDefaults(model));
  const form = useForm<NoteCreateValues, unknown, NoteCreateOutput>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const [general, setGeneral] = useState<string[]>([]);
  // Where the service's messages may land: `tags`, `custom_fields.<key>` (the name too, were it refused).
  const fieldNames = useMemo(
    (): Path<NoteCreateValues>[] => ['name', 'tags', ...model.customFields.map((cf) => `custom_fields.${cf.key}` as const)],
    [model],
  );

  const submit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await onCreate(toNoteCreateInput(values, model, parentId));
    } catch (error) {
      setGeneral(mapFieldErrors(error, form.setError, fieldNames));
    }
  });

  // Enter in a one-line field creates the note, as in any form (a form without a submit button of
  // its own does not do it by itself when it holds more than one field).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.type === 'checkbox' || target.type === 'radio') return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };

  return (
    <FormProvider {...form}>
      <form ref={formRef} className="note-create" noValidate onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown}>
        <FormError messages={general} title="The note could not be created" />
        <LayoutFields
          model={model}
          blocks={{ name: <NoteNameField />, tags: <TagsField className="field--wide" /> }}
          users={users}
          hideLoneTitle
        />
      </form>
    </FormProvider>
  );
}
