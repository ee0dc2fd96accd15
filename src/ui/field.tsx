// Form fields with one accessible shape: a visible <label>, the control, an optional hint and an
// error message wired up with aria-invalid / aria-describedby / role="alert", so screen readers and
// Playwright's getByLabel see the same thing a person sees.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Props the Field hands to its control so label, hint and error are attached to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Rendered with the control props; spread them onto the input/select/textarea. */
  children: (control: ControlProps) => ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  /** Fixed id for the control; generated when omitted. */
  id?: string;
  className?: string;
}

export function Field({ label, children, hint, error, required, id, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `f${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      {/* The required mark sits outside the <label> so the accessible name is exactly the label. */}
      <div className="field__label-row">
        <label className="field__label" htmlFor={controlId} id={`${controlId}-label`}>
          {label}
        </label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children({
        id: controlId,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The hint and the error under a control, with the ids its aria-describedby names. */
function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface BoundFieldProps {
  label: ReactNode;
  /** The result of react-hook-form's `register('name')`. */
  registration: UseFormRegisterReturn;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  id?: string;
  className?: string;
}

/** A bound field's props apart: the Field frame's, the registration, and the rest for the native control. */
function splitBound<P extends BoundFieldProps>({ label, registration, hint, error, required, id, className, ...native }: P) {
  return [{ label, hint, error, required: required ?? false, id, className }, registration, native] as const;
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export function TextField(props: BoundFieldProps & NativeInputProps) {
  const [frame, registration, native] = splitBound(props);
  return <Field {...frame}>{(control) => <input className="input" type="text" {...native} {...control} {...registration} />}</Field>;
}

type NativeTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export function TextAreaField(props: BoundFieldProps & NativeTextareaProps) {
  const [frame, registration, { rows = 4, ...textarea }] = splitBound(props);
  return (
    <Field {...frame}>
      {(control) => <textarea className="input textarea" rows={rows} {...textarea} {...control} {...registration} />}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export function SelectField(
  props: BoundFieldProps &
    NativeSelectProps & {
      options: readonly SelectOption[];
      /** First option with value '' (e.g. "No owner"); omit to force a choice. */
      placeholder?: string;
    },
) {
  const [frame, registration, { options, placeholder, ...select }] = splitBound(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select className="input select" {...select} {...control} {...registration}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it; hint and error hang below like any field. */
export function CheckboxField({
  label,
  registration,
  hint,
  error,
  id,
  className,
  ...input
}: Omit<BoundFieldProps, 'required'> & Omit<NativeInputProps, 'type'>) {
  const generated = useId();
  const controlId = id ?? `f${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={['field', 'field--checkbox', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="checkbox">
        <input
          type="checkbox"
          {...input}
          id={controlId}
          aria-invalid={Boolean(error)}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...registration}
        />
        <label htmlFor={controlId}>{label}</label>
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface ChecklistItem {
  value: string;
  label: ReactNode;
}

export interface ChecklistFieldProps {
  legend: ReactNode;
  /** The name each checkbox carries (the form field's name). */
  name: string;
  items: readonly ChecklistItem[];
  /** Chosen values. */
  value: readonly string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  /** Said instead of the list when there is nothing to choose. */
  empty: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Id of the group (the error summary links to it); unique per page. */
  id: string;
  className?: string;
  /** react-hook-form's ref, put on the first checkbox so a focus on the field lands somewhere. */
  inputRef?: (el: HTMLInputElement | null) => void;
}

/** A list of checkboxes for a many-valued field; the value keeps the items' order, not the click order. */
export function ChecklistField({
  legend,
  name,
  items,
  value,
  onChange,
  onBlur,
  empty,
  hint,
  error,
  id,
  className,
  inputRef,
}: ChecklistFieldProps) {
  const selected = new Set(value);
  const toggle = (item: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(item);
    else next.delete(item);
    // Kept in the items' order so the request body does not depend on click order.
    onChange(items.filter((i) => next.has(i.value)).map((i) => i.value));
  };
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      id={id}
      className={['checklist', error ? 'checklist--invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {items.length === 0 ? <p className="muted">{empty}</p> : null}
      <div className="checklist__list">
        {items.map((item, index) => (
          <label key={item.value} className="checkbox">
            <input
              type="checkbox"
              name={name}
              value={item.value}
              checked={selected.has(item.value)}
              onChange={(event) => toggle(item.value, event.target.checked)}
              onBlur={onBlur}
              ref={index === 0 ? inputRef : undefined}
            />
            <span>{item.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
