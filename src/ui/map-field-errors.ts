// Puts the service's 422 field messages onto the form fields they belong to, so a person sees
// "can't be blank" under Name rather than in a banner. Whatever matches no field comes back for the
// form-level message.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

export interface MapFieldErrorsOptions<T extends FieldValues> {
  /** Service field names that live under another form field, e.g. `{ phase_type: 'kind' }`. */
  aliases?: Partial<Record<string, Path<T>>>;
}

/** `total_capacity_text` → "Total capacity text" for messages that match no field. */
export function humanizeField(key: string): string {
  const text = key.replace(/[._]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * `fields` lists the form's field names. Keys from the service are request field names; nested
 * ones (`workflow_status.name`, `release.name`) are tried whole, then by each of their parts.
 * Returns the messages that matched no field — or, when the error carries no field messages at
 * all, its general message — ready for <FormError messages={...} />. Focuses the first bad field.
 */
export function mapFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  options: MapFieldErrorsOptions<T> = {},
): string[] {
  if (!(error instanceof ApiError)) {
    return [error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'];
  }
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return [error.message];

  const known = new Set<string>(fields);
  const resolve = (key: string): Path<T> | undefined => {
    const alias = options.aliases?.[key];
    if (alias) return alias;
    const parts = key.split('.');
    for (let i = parts.length; i > 0; i--) {
      const candidate = parts.slice(0, i).join('.');
      const aliased = options.aliases?.[candidate];
      if (aliased) return aliased;
      if (known.has(candidate)) return fields.find((f) => f === candidate);
    }
    // Envelope prefix (`release.name`): try without the first part.
    const rest = parts.slice(1).join('.');
    return rest ? fields.find((f) => f === rest || f === parts[1]) : undefined;
  };

  const unmatched: string[] = [];
  let focused = false;
  for (const [key, messages] of entries) {
    const target = resolve(key);
    const text = messages.join('; ') || 'is invalid';
    if (target) {
      setError(target, { type: 'server', message: text }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched.push(`${humanizeField(key)} ${text}`);
    }
  }
  return unmatched;
}
