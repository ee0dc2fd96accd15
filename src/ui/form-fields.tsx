// Fields that most record forms carry, bound to the form of the FormShell around them (through
// react-hook-form's context) by field name: name, description, status, assignee, time frame, the
// progress source with its manual percentage, a pair of dates, effort and value. Each form then
// lists its fields instead of repeating their wiring.
import type { ReactNode } from 'react';
import { get, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { User } from '../contract/account';
import type { WorkflowStatus } from '../contract/common';
import type { TimeFrame } from '../contract/initiatives';
import { ChecklistField, Field, SelectField, TextField, type ChecklistItem, type SelectOption } from './field';
import { formatDateRange } from './format';
import { FormSection } from './form-shell';
import { useRequired } from './layout-context';
import { optionsOf } from './labels';
import { RichTextEditor } from './rich-text-editor';

/** The form's message for a field, by name (`custom_fields.2` too). */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}

/** Options with the record's current value kept first when the list lacks it (a removed status…). */
export function withCurrent(options: SelectOption[], current: SelectOption | null | undefined): SelectOption[] {
  if (current && current.value && !options.some((o) => o.value === current.value)) return [current, ...options];
  return options;
}

export function statusOptions(statuses: readonly WorkflowStatus[], current?: string): SelectOption[] {
  return withCurrent(
    statuses.map((s) => ({ value: s.name, label: s.name })),
    current ? { value: current, label: current } : null,
  );
}

/** Enabled users by email (the current assignee kept even when disabled or missing). */
export function userEmailOptions(users: readonly User[], current?: { email: string; name: string } | null): SelectOption[] {
  const options = users
    .filter((u) => u.enabled || u.email === current?.email)
    .map((u) => ({ value: u.email, label: u.name ? `${u.name} (${u.email})` : u.email }));
  return withCurrent(options, current ? { value: current.email, label: current.name } : null);
}

export function NameField({ label = 'Name' }: { label?: string }) {
  const { register } = useFormContext();
  return (
    <TextField
      label={label}
      required
      className="field--wide"
      registration={register('name')}
      error={useFieldError('name')}
      autoComplete="off"
      maxLength={255}
    />
  );
}

export function TagsField({ className }: { className?: string }) {
  const { register } = useFormContext();
  return (
    <TextField
      label="Tags"
      required={useRequired('tags')}
      className={className}
      registration={register('tags')}
      hint="Separate tags with commas"
      error={useFieldError('tags')}
      autoComplete="off"
    />
  );
}

/**
 * A description (or theme, or admin response) in the kit's rich-text editor: what is typed is what
 * the record page shows, and the HTML it keeps is sanitised. The label names the editable text
 * (`aria-labelledby`: a <label> cannot name a contenteditable element).
 */
export function DescriptionField({
  name = 'description',
  label = 'Description',
  hint,
  rows = 6,
  onUploadImage,
}: {
  name?: string;
  label?: ReactNode;
  hint?: string;
  rows?: number;
  /** Images pasted, dropped or picked are uploaded through it (the record's description attachments); a saved record only. */
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
}) {
  const { field } = useController({ name });
  const error = useFieldError(name);
  const required = useRequired(name);
  return (
    // `data-field` lets the form's error summary find the editor (it has no `name`) and link to it.
    <div className="field--wide" data-field={name}>
      <Field label={label} hint={hint} error={error} required={required}>
        {(control) => (
          <RichTextEditor
            id={control.id}
            labelledBy={`${control.id}-label`}
            describedBy={control['aria-describedby']}
            invalid={control['aria-invalid']}
            required={required}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            minRows={rows}
            onUploadImage={onUploadImage}
          />
        )}
      </Field>
    </div>
  );
}

export interface BoundSelectProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  onChange?: () => void;
}

/**
 * A text (or email, url, number) input bound by name, with its error from the form. A `number` is a
 * whole number from `min` (default 0) as typed text: the form's schema reads it.
 */
export function BoundText({
  name,
  label,
  hint,
  type = 'text',
  required,
  min = 0,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  type?: 'text' | 'email' | 'url' | 'number';
  required?: boolean | undefined;
  min?: number;
}) {
  const { register } = useFormContext();
  const layoutRequired = useRequired(name);
  return (
    <TextField
      label={label}
      type={type}
      required={required ?? layoutRequired}
      hint={hint}
      registration={register(name)}
      error={useFieldError(name)}
      autoComplete="off"
      {...(type === 'number' ? { min, step: 1, inputMode: 'numeric' as const } : {})}
    />
  );
}

/** A select bound by name; marked required when `required` says so or the form's layout requires it. */
export function BoundSelect({ name, onChange, required, ...props }: BoundSelectProps) {
  const { register } = useFormContext();
  const layoutRequired = useRequired(name);
  return (
    <SelectField
      {...props}
      required={required ?? layoutRequired}
      registration={register(name, onChange ? { onChange } : {})}
      error={useFieldError(name)}
    />
  );
}

/**
 * A select of the record this one links to, '' for none, labelled by the kind: its placeholder reads
 * "No epic", or "No epics in this workspace" when there is none to choose from.
 */
export function LinkSelect({ label, options, ...props }: Omit<BoundSelectProps, 'placeholder'>) {
  const noun = label.toLowerCase();
  return (
    <BoundSelect
      {...props}
      label={label}
      options={options}
      placeholder={options.length === 0 ? `No ${noun}s in this workspace` : `No ${noun}`}
    />
  );
}

export function StatusField({
  statuses,
  current,
  required,
  placeholder,
}: {
  statuses: readonly WorkflowStatus[];
  current?: string;
  required?: boolean;
  placeholder?: string;
}) {
  const options = statusOptions(statuses, current);
  return (
    <BoundSelect
      name="workflow_status"
      label="Status"
      required={required}
      options={options}
      placeholder={placeholder ?? (options.length === 0 ? 'Default status' : undefined)}
    />
  );
}

export function AssigneeField({ users, current }: { users: readonly User[]; current?: { email: string; name: string } | null }) {
  return <BoundSelect name="assigned_to_user" label="Assignee" options={userEmailOptions(users, current)} placeholder="Unassigned" />;
}

export function TimeFrameField({
  timeFrames,
  current,
}: {
  timeFrames: readonly TimeFrame[];
  current?: Pick<TimeFrame, 'id' | 'name' | 'start_date' | 'end_date'> | null;
}) {
  const chosen = useWatch({ name: 'time_frame' }) as string | undefined;
  const options = withCurrent(
    timeFrames.map((t) => ({ value: t.id, label: t.name })),
    current ? { value: current.id, label: current.name } : null,
  );
  const timeFrame = timeFrames.find((t) => t.id === chosen) ?? (current?.id === chosen ? current : undefined);
  return (
    <LinkSelect
      name="time_frame"
      label="Time frame"
      options={options}
      hint={timeFrame ? formatDateRange(timeFrame.start_date, timeFrame.end_date) : undefined}
    />
  );
}

/** The progress source, and the percentage only while it is manual (the service refuses it otherwise). */
export function ProgressFields({
  sources,
  labelOf,
  computedHint,
  progressLabel = 'Progress',
}: {
  sources: readonly string[];
  labelOf: (source: string) => string;
  /** Said under the source while it is computed. */
  computedHint?: string;
  progressLabel?: string;
}) {
  const { register } = useFormContext();
  const source = useWatch({ name: 'progress_source' }) as string | undefined;
  const manual = source === 'progress_manual';
  const progressError = useFieldError('progress');
  return (
    <>
      <BoundSelect
        name="progress_source"
        label="Progress source"
        options={optionsOf(sources, labelOf)}
        hint={manual ? undefined : computedHint}
      />
      {manual ? (
        <TextField
          label={progressLabel}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          registration={register('progress')}
          hint="Percent done, 0 to 100"
          error={progressError}
        />
      ) : null}
    </>
  );
}

/** Start and end dates; disabled (with the reason as hint) while a computed source owns them. */
export function DateFields({
  start = 'start_date',
  end = 'end_date',
  endLabel = 'End date',
  disabled,
  hint,
}: {
  start?: string;
  end?: string;
  endLabel?: string;
  disabled?: boolean;
  hint?: string;
}) {
  const { register } = useFormContext();
  return (
    <>
      <TextField
        label="Start date"
        type="date"
        required={useRequired(start)}
        registration={register(start)}
        disabled={disabled}
        hint={hint}
        error={useFieldError(start)}
      />
      <TextField
        label={endLabel}
        type="date"
        required={useRequired(end)}
        registration={register(end)}
        disabled={disabled}
        hint={hint}
        error={useFieldError(end)}
      />
    </>
  );
}

/**
 * The "Dates" section: the duration source, and the dates it owns, entered while it is manual, else
 * shown disabled with `computedHint(source)` saying where they come from (the service refuses them then).
 */
export function DurationSection({
  sources,
  labelOf,
  sourceHint,
  computedHint,
  end,
  endLabel,
}: {
  sources: readonly string[];
  labelOf: (source: string) => string;
  /** Said under the source: always the same, or by whether the dates are entered. */
  sourceHint?: string | ((manual: boolean) => string);
  computedHint: (source: string) => string | undefined;
  end?: string;
  endLabel?: string;
}) {
  const source = (useWatch({ name: 'duration_source' }) as string | undefined) ?? '';
  const manual = source === 'duration_manual';
  return (
    <FormSection title="Dates" grid="form-grid form-grid--3">
      <BoundSelect
        name="duration_source"
        label="Duration source"
        options={optionsOf(sources, labelOf)}
        hint={typeof sourceHint === 'function' ? sourceHint(manual) : sourceHint}
      />
      <DateFields end={end} endLabel={endLabel} disabled={!manual} hint={manual ? undefined : computedHint(source)} />
    </FormSection>
  );
}

/** A number field for effort or value, in the workspace's own scale. */
export function AmountField({ name, label, hint }: { name: 'effort' | 'value'; label: string; hint?: string }) {
  const { register } = useFormContext();
  return (
    <TextField
      label={label}
      required={useRequired(name)}
      type="number"
      inputMode="decimal"
      min={0}
      max={1_000_000}
      step="any"
      registration={register(name)}
      hint={hint}
      error={useFieldError(name)}
    />
  );
}

/** Checklist items of linked records: the key (when known) before the name, or "<noun> <id>" without one. */
export function referenceItems(
  records: readonly { id: string; name?: string | undefined; reference_num?: string | undefined }[],
  noun: string,
): ChecklistItem[] {
  return records.map((r) => ({
    value: r.id,
    label: (
      <>
        {r.reference_num ? <span className="mono muted">{r.reference_num}</span> : null} {r.name ?? `${noun} ${r.id}`}
      </>
    ),
  }));
}

/** A many-valued field of ids as checkboxes, bound by name. */
export function BoundChecklist({
  name,
  legend,
  items,
  empty,
  hint,
  id,
  className,
}: {
  name: string;
  legend: string;
  items: readonly ChecklistItem[];
  empty: string;
  hint?: string;
  id: string;
  className?: string;
}) {
  const { field, fieldState } = useController({ name });
  const required = useRequired(name);
  return (
    <ChecklistField
      legend={required ? <RequiredLegend text={legend} /> : legend}
      name={name}
      items={items}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      empty={empty}
      hint={hint}
      error={fieldState.error?.message}
      id={id}
      className={className}
    />
  );
}

/**
 * A group's legend with the required mark: the asterisk for the eye, the words for a screen reader
 * (a group of checkboxes takes no `aria-required`). The error summary names the group by its text alone.
 */
export function RequiredLegend({ text }: { text: ReactNode }) {
  return (
    <>
      {text}
      <span className="field__required" aria-hidden="true" data-mark="">
        {' *'}
      </span>
      <span className="visually-hidden" data-mark="">
        {' (required)'}
      </span>
    </>
  );
}
