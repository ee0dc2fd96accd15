// Estimate text input that reads the text as it is typed, with the same parser the service uses,
// and says under the box what it understood ("1d 2h = 10 h") or why it cannot ("3x" is not an
// estimate…) — so a person finds out while typing, not after a round trip.
import { useMemo, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { describeEstimate, parseEstimate, type CapacityUnits } from '../domain/estimate';
import { Field } from './field';

/** The parser's message as a sentence about what was typed (`"5p" is in story points, …`). */
export function estimateError(text: string, units: CapacityUnits): string | null {
  const result = parseEstimate(text, units);
  if (result.ok) return null;
  return result.error.startsWith('"') ? result.error : `"${text.trim()}" ${result.error}`;
}

/** What the parser understood, or '' for empty or invalid text. */
export function estimateUnderstood(text: string, units: CapacityUnits): string {
  const result = parseEstimate(text, units);
  return result.ok ? describeEstimate(result.value, result.text, units) : '';
}

const UNIT_HINT: Record<CapacityUnits, string> = {
  time: 'Time, for example 1d 2h (min, h, d = 8h, w = 5d, m = 22d).',
  story_points: 'Story points, for example 5p.',
};

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'aria-invalid' | 'aria-describedby'
>;

export interface EstimateInputProps extends NativeProps {
  label: ReactNode;
  /** Capacity units of the record's release: which form of text is valid. */
  units: CapacityUnits;
  value: string;
  onChange: (text: string) => void;
  /** A message from the form or the service; the parser's own message wins while the text is invalid. */
  error?: string | undefined;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

export function EstimateInput({ label, units, value, onChange, error, id, ref, className, ...input }: EstimateInputProps) {
  const parsed = useMemo(
    () => ({ error: estimateError(value, units), understood: estimateUnderstood(value, units) }),
    [value, units],
  );
  const message = parsed.error ?? error;
  const hint = parsed.understood ? (
    <span className="field__understood">{parsed.understood}</span>
  ) : message ? null : (
    UNIT_HINT[units]
  );
  return (
    <Field label={label} hint={hint} error={message} id={id} className={className}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          className="input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
