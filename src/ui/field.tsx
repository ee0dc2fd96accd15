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
        <label className="field__label" htmlFor={controlId}>
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
    </div>
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

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export function TextField({ label, registration, hint, error, required, id, className, ...input }: BoundFieldProps & NativeInputProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required ?? false} id={id} className={className}>
      {(control) => <input className="input" type="text" {...input} {...control} {...registration} />}
    </Field>
  );
}

type NativeTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export function TextAreaField({
  label,
  registration,
  hint,
  error,
  required,
  id,
  className,
  rows = 4,
  ...textarea
}: BoundFieldProps & NativeTextareaProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required ?? false} id={id} className={className}>
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

export function SelectField({
  label,
  registration,
  hint,
  error,
  required,
  id,
  className,
  options,
  placeholder,
  ...select
}: BoundFieldProps &
  NativeSelectProps & {
    options: readonly SelectOption[];
    /** First option with value '' (e.g. "No owner"); omit to force a choice. */
    placeholder?: string;
  }) {
  return (
    <Field label={label} hint={hint} error={error} required={required ?? false} id={id} className={className}>
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
    </div>
  );
}
