// The frame every record form sits in: sections in one or two columns, Cancel and a submit button
// that stays enabled (a click on an invalid form says what is wrong instead of nothing), a pending
// state, the service's 422 messages put under the fields they name, an error summary at the top
// linking to each problem, focus on the first problem after a failed submit, and a toast on
// success. What happens after success (usually navigation) is the caller's. `useRecordForm` makes
// the form the shell holds, so every record form is checked and reset the same way.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useForm,
  useFormContext,
  useFormState,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button, ButtonLink } from './button';
import { EnclosingSectionProvider, useAnyRequired, useEnclosingSection } from './layout-context';
import { humanizeField, mapFieldErrors, type MapFieldErrorsOptions } from './map-field-errors';
import { showToast } from './toast';
import './form-shell.css';

export type FormCancel = { to: string } | { onClick: () => void };

/**
 * The form a FormShell holds: checked by its zod schema (a field once it is left, then as it is
 * typed), with defaults worked out once, so a re-render never resets what the person typed.
 */
export function useRecordForm<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TValues>,
  defaults: () => TValues,
): UseFormReturn<TValues, unknown, TOutput> {
  // Whole values, every field named (FormShell reads its field list from them); TypeScript cannot
  // see that whole values of a generic type are also partial ones.
  const [defaultValues] = useState(defaults as () => DefaultValues<TValues>);
  return useForm<TValues, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}

/** A record kind's form names: "New epic" and "Create epic", or "Edit epic" and "Save epic" for a record. */
export function recordFormLabels(noun: string, record: object | null | undefined): { label: string; submitLabel: string } {
  return record ? { label: `Edit ${noun}`, submitLabel: `Save ${noun}` } : { label: `New ${noun}`, submitLabel: `Create ${noun}` };
}

export interface FormShellProps<TValues extends FieldValues, TOutput, TResult> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The form's accessible name ("New feature"). */
  label: string;
  /** Saves; a rejection (an ApiError's 422 above all) is shown on the form. */
  onSubmit: (values: TOutput) => Promise<TResult>;
  /**
   * The form's field names, for putting the service's field messages where they belong; by default
   * every field the form holds a value for (its defaults name them all), and each member of a map
   * of values (`custom_fields.risk`).
   */
  fields?: readonly Path<TValues>[];
  aliases?: MapFieldErrorsOptions<TValues>['aliases'];
  submitLabel: string;
  pendingLabel?: string;
  cancel: FormCancel;
  /** Said in a toast after a successful save. */
  successMessage?: string | ((result: TResult) => string);
  onSuccess?: (result: TResult) => void;
  /** Secondary sections: a right-hand column on wide screens, below the main ones on narrow. */
  aside?: ReactNode;
  /** `card` for a page form, `inline` for one inside another card (phases, goals). */
  variant?: 'card' | 'inline';
  className?: string;
  children: ReactNode;
}

export function FormShell<TValues extends FieldValues, TOutput, TResult>({
  form,
  label,
  onSubmit,
  fields,
  aliases,
  submitLabel,
  pendingLabel = 'Saving…',
  cancel,
  successMessage,
  onSuccess,
  aside,
  variant = 'card',
  className,
  children,
}: FormShellProps<TValues, TOutput, TResult>) {
  const formId = `form${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [general, setGeneral] = useState<string[]>([]);
  const [showSummary, setShowSummary] = useState(false);
  // Bumped on every failed submit; the effect below then moves the focus once the errors are drawn.
  const [failures, setFailures] = useState(0);
  const { errors, isSubmitting } = useFormState({ control: form.control });

  const failed = () => {
    setShowSummary(true);
    setFailures((n) => n + 1);
  };
  const submit = form.handleSubmit(
    async (values) => {
      setGeneral([]);
      try {
        const result = await onSubmit(values);
        setShowSummary(false);
        if (successMessage) showToast(typeof successMessage === 'string' ? successMessage : successMessage(result));
        onSuccess?.(result);
      } catch (error) {
        const known = fields ?? (valuePaths(form.getValues()) as Path<TValues>[]);
        setGeneral(mapFieldErrors(error, form.setError, known, { aliases }));
        failed();
      }
    },
    () => {
      setGeneral([]);
      failed();
    },
  );

  useEffect(() => {
    if (failures === 0) return;
    const formEl = document.getElementById(formId);
    if (!formEl) return;
    const first = formEl.querySelector<HTMLElement>('[aria-invalid="true"], .checklist--invalid');
    if (first) focusControl(first);
    else formEl.querySelector<HTMLElement>('.form-summary')?.focus();
  }, [failures, formId]);

  const problems = showSummary ? fieldProblems(errors, formId) : [];
  const summaryShown = showSummary && (problems.length > 0 || general.length > 0);

  return (
    <FormProvider {...form}>
      <form
        id={formId}
        className={['form', 'form-shell', variant === 'card' ? 'card' : 'form-shell--inline', className ?? ''].filter(Boolean).join(' ')}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={label}
      >
        {summaryShown ? (
          <div className="form-summary" role="alert" tabIndex={-1} aria-labelledby={`${formId}-summary`}>
            <p className="form-summary__title" id={`${formId}-summary`}>
              {problems.length + general.length === 1
                ? 'The form could not be saved: 1 problem'
                : `The form could not be saved: ${problems.length + general.length} problems`}
            </p>
            <ul className="form-summary__list">
              {general.map((message) => (
                <li key={`general:${message}`}>{message}</li>
              ))}
              {problems.map((p) => (
                <li key={p.path}>
                  <a
                    href={p.controlId ? `#${p.controlId}` : `#${formId}`}
                    onClick={(event) => {
                      event.preventDefault();
                      const control = p.controlId ? document.getElementById(p.controlId) : null;
                      if (control) focusControl(control);
                    }}
                  >
                    {p.label}: {p.message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className={aside ? 'form-shell__columns' : 'form-shell__single'}>
          <div className="form-shell__main">{children}</div>
          {aside ? <div className="form-shell__aside">{aside}</div> : null}
        </div>

        <div className="form-actions">
          {'to' in cancel ? (
            <ButtonLink to={cancel.to}>Cancel</ButtonLink>
          ) : (
            <Button onClick={cancel.onClick} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="primary" pending={isSubmitting} pendingLabel={pendingLabel}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * The names of a form's values: each top-level one, and each member of a map of values
 * (`custom_fields.risk`), so a service message keyed by a member lands on that member's field.
 */
function valuePaths(values: Record<string, unknown>): string[] {
  return Object.entries(values).flatMap(([name, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? [name, ...Object.keys(value).map((key) => `${name}.${key}`)] : [name],
  );
}

/** Focuses a control (or the first input of a group), opening the collapsed section it sits in. */
function focusControl(el: HTMLElement) {
  for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
  const target = el.matches('input, select, textarea, button, a[href]')
    ? el
    : (el.querySelector<HTMLElement>('input, select, textarea') ?? el);
  target.focus();
}

/** An element's text without the required marks inside it (a required group's legend). */
function textWithoutMarks(el: Element): string {
  const copy = el.cloneNode(true);
  if (copy instanceof Element) for (const mark of copy.querySelectorAll('[data-mark]')) mark.remove();
  return copy.textContent?.trim() ?? '';
}

interface Problem {
  path: string;
  message: string;
  label: string;
  controlId: string | null;
}

/** Every field message of the form, `custom_fields.2` included, with the path it sits under. */
function flatten(errors: FieldErrors, prefix = ''): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message: unknown = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out.push({ path, message });
    else out.push(...flatten(value as FieldErrors, path));
  }
  return out;
}

/**
 * The problems as a person sees them: named by the field's visible label (or its group's legend),
 * linked to its control, in the order the fields stand on the screen. Reads the drawn form, so the
 * summary needs no list of labels that could drift from the fields.
 */
function fieldProblems(errors: FieldErrors, formId: string): Problem[] {
  const formEl = typeof document === 'undefined' ? null : document.getElementById(formId);
  const found = flatten(errors).map((e) => {
    const quoted = e.path.replace(/["\\]/g, '\\$&');
    // A rich-text field has no `name`: its editable text is found through the field it sits in.
    const control =
      formEl?.querySelector<HTMLElement>(`[name="${quoted}"]`) ??
      formEl?.querySelector<HTMLElement>(`[data-field="${quoted}"] [role="textbox"], [data-field="${quoted}"] textarea`) ??
      null;
    const group = control?.closest<HTMLElement>('.checklist') ?? null;
    const labelledBy = control?.getAttribute('aria-labelledby');
    const labelEl =
      control && 'labels' in control && (control as HTMLInputElement).labels?.length && !group
        ? (control as HTMLInputElement).labels?.[0]
        : (group?.querySelector('legend') ?? (labelledBy ? document.getElementById(labelledBy) : null));
    const label = (labelEl ? textWithoutMarks(labelEl) : '') || humanizeField(e.path.split('.')[0] ?? e.path);
    const target = group ?? control;
    return { ...e, label, controlId: target?.id || null, el: target };
  });
  found.sort((a, b) => (a.el && b.el ? (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1) : a.el ? -1 : 1));
  return found.map(({ el: _el, ...p }) => p);
}

export interface FormSectionProps {
  title: string;
  children: ReactNode;
  /**
   * A collapsible section (secondary fields): starts closed unless `filled`, and opens by itself
   * when one of `fields` holds an error.
   */
  collapsible?: boolean;
  /** Whether the section holds something other than its defaults (opens it at first). */
  filled?: boolean;
  /** Form field names in the section, for opening it on an error. */
  fields?: readonly string[];
  /** Shown beside a closed section's title ("None", "2 watchers"). */
  note?: ReactNode;
  /** Extra grid class for the body (`form-grid`, `form-grid--3`); none for a free layout. */
  grid?: 'form-grid' | 'form-grid form-grid--3' | 'form-grid form-grid--1';
}

/**
 * A titled group of fields; collapsible ones are a native <details>, so keyboard and screen readers
 * know it. Inside a custom layout's section (`LayoutForm`) it is a group of that section, a full row
 * of its grid: a smaller title, none shown when the block is all the section holds (the section's
 * legend names it), and a collapsible one that stands alone there is simply open.
 */
export function FormSection({ title, children, collapsible, filled, fields = [], note, grid = 'form-grid' }: FormSectionProps) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const hasError = fields.some((f) => get(errors, f) !== undefined);
  // A section holding a field the layout requires starts open: a required field is not hidden.
  const required = useAnyRequired(fields);
  const [open, setOpen] = useState(Boolean(filled) || required);
  const enclosing = useEnclosingSection();
  const body = grid ? <div className={grid}>{children}</div> : children;
  // The blocks inside are no longer in a layout section of their own.
  const inner = enclosing ? <EnclosingSectionProvider value={null}>{body}</EnclosingSectionProvider> : body;
  if (!collapsible || enclosing?.sole) {
    const quiet = enclosing && (enclosing.sole || enclosing.title.toLowerCase() === title.toLowerCase());
    return (
      <fieldset className={enclosing ? 'form-section form-subsection field--wide' : 'form-section'}>
        <legend className={quiet ? 'visually-hidden' : enclosing ? 'form-subsection__title' : 'form-section__title'}>{title}</legend>
        {inner}
      </fieldset>
    );
  }
  const isOpen = open || hasError;
  return (
    <details
      className={['form-section form-section--collapsible', enclosing ? 'form-subsection field--wide' : ''].filter(Boolean).join(' ')}
      open={isOpen}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="form-section__summary">
        <span className={enclosing ? 'form-subsection__title' : 'form-section__title'}>{title}</span>
        {note && !isOpen ? <span className="form-section__note">{note}</span> : null}
      </summary>
      <div className="form-section__body">{inner}</div>
    </details>
  );
}
