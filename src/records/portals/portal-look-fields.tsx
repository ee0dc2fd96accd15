// How a portal looks to its users (issue 15): its colour and its logo, in the portal settings form.
// The colour is `#rrggbb` text with the browser's picker beside it; the logo is read from a file
// into a data URL here (the service takes PNG, JPEG, GIF or WebP up to LOGO_MAX_BYTES and checks the
// bytes again), previewed, and removable. The form value `logo` is KEEP_LOGO (unchanged), '' (remove)
// or the new image's data URL.
import { useId, useState, type ChangeEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { LOGO_MAX_BYTES } from '../../contract/portals';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { BoundText, useFieldError } from '../../ui/form-fields';

/** The logo field's value when the logo stays as it is (the form never holds the stored image). */
export const KEEP_LOGO = 'keep';
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });

/** What is wrong with a chosen logo file before it is sent, or null. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'must be a PNG, JPEG, GIF or WebP image';
  if (file.size > LOGO_MAX_BYTES) return `is too large (at most ${LOGO_MAX_BYTES / 1000} KB)`;
  return null;
}

export function ColourField() {
  const { watch, setValue } = useFormContext<{ color: string }>();
  const colour = watch('color');
  const valid = /^#[0-9a-fA-F]{6}$/.test(colour);
  return (
    <div className="portal-colour">
      <BoundText name="color" label="Colour" hint="The portal's accent, as #rrggbb; empty is the house colour" />
      <input
        type="color"
        className="portal-colour__picker"
        aria-label="Pick the colour"
        value={valid ? colour.toLowerCase() : '#2563eb'}
        onChange={(e) => setValue('color', e.target.value, { shouldDirty: true, shouldValidate: true })}
      />
    </div>
  );
}

export function LogoField({ currentUrl }: { currentUrl: string | null }) {
  const { watch, setValue, setError, clearErrors } = useFormContext<{ logo: string }>();
  const logo = watch('logo');
  const error = useFieldError('logo');
  const [reading, setReading] = useState(false);
  const inputId = useId();
  const shown = logo === KEEP_LOGO ? currentUrl : logo === '' ? null : logo;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      setError('logo', { type: 'manual', message: problem });
      return;
    }
    setReading(true);
    try {
      setValue('logo', await readAsDataUrl(file), { shouldDirty: true });
      clearErrors('logo');
    } catch {
      setError('logo', { type: 'manual', message: 'could not be read from that file' });
    } finally {
      setReading(false);
    }
  };

  return (
    // A row of its own: preview, file choice and Remove side by side rather than stacked in half a row.
    <Field
      label="Logo"
      id={inputId}
      className="field--wide"
      hint={`PNG, JPEG, GIF or WebP, at most ${LOGO_MAX_BYTES / 1000} KB`}
      error={error}
    >
      {(control) => (
        <div className="portal-logo">
          {shown ? <img className="portal-logo__preview" src={shown} alt="The portal's logo" /> : <span className="muted">No logo</span>}
          <input
            {...control}
            className="portal-logo__file"
            type="file"
            accept={LOGO_TYPES.join(',')}
            onChange={(e) => void choose(e)}
            disabled={reading}
          />
          {shown ? (
            <Button size="sm" variant="ghost" onClick={() => setValue('logo', '', { shouldDirty: true })}>
              Remove logo
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
