// Custom field filters of the epic lists: one control per Epic custom field defined for the scope (a
// select of every defined option for select fields, a text box otherwise), kept in the URL as
// `cf.<key>=value` so a filtered list can be shared, and handed to the API as
// `custom_fields[<key>]=<value>`.
import type { EpicCustomField } from '../../api/epics';
import { useDebouncedParam } from '../../ui/use-debounced-param';

/** URL parameters of custom field filters start with this. */
export const CUSTOM_FIELD_PARAM_PREFIX = 'cf.';

export const customFieldParam = (key: string): string => `${CUSTOM_FIELD_PARAM_PREFIX}${key}`;

/** `?cf.priority=High&cf.area=Billing` → `{ priority: 'High', area: 'Billing' }` (empty values left out). */
export function customFieldFiltersFrom(params: URLSearchParams): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!name.startsWith(CUSTOM_FIELD_PARAM_PREFIX)) continue;
    const key = name.slice(CUSTOM_FIELD_PARAM_PREFIX.length);
    if (key && value) pairs[key] = value;
  }
  return pairs;
}

/**
 * The fields to offer a filter for: those defined, plus any the URL filters on that is not defined
 * here (a link shared from another workspace, a field since removed), so the page still shows, and
 * can clear, what it filters on.
 */
export function filterableFields(defined: readonly EpicCustomField[], active: Readonly<Record<string, string>>): EpicCustomField[] {
  const list = [...defined];
  for (const key of Object.keys(active)) {
    if (!list.some((f) => f.key === key)) list.push({ key, name: key, type: 'string', values: [] });
  }
  return list;
}

interface FilterProps {
  field: EpicCustomField;
  value: string;
  onChange: (key: string, value: string) => void;
  idPrefix: string;
}

function CustomFieldFilter({ field, value, onChange, idPrefix }: FilterProps) {
  const id = `${idPrefix}-cf-${field.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const text = useDebouncedParam(value, (v) => onChange(field.key, v));
  if (field.type === 'select') {
    const values = value && !field.values.includes(value) ? [value, ...field.values] : field.values;
    return (
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {field.name}
        </label>
        <select id={id} className="input select" value={value} onChange={(e) => onChange(field.key, e.target.value)}>
          <option value="">Any</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {field.name}
      </label>
      <input
        id={id}
        className="input"
        type={field.type === 'date' ? 'date' : 'text'}
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        placeholder={field.type === 'date' ? undefined : 'Exact value'}
        value={text.text}
        onChange={(e) => text.onChange(e.target.value)}
      />
    </div>
  );
}

export interface CustomFieldFiltersProps {
  fields: readonly EpicCustomField[];
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
  /** Keeps control ids unique per screen. */
  idPrefix: string;
}

export function CustomFieldFilters({ fields, values, onChange, idPrefix }: CustomFieldFiltersProps) {
  return (
    <>
      {fields.map((f) => (
        <CustomFieldFilter key={f.key} field={f} value={values[f.key] ?? ''} onChange={onChange} idPrefix={idPrefix} />
      ))}
    </>
  );
}
