// Custom field filters of the epic lists: one control per Epic custom field defined for the scope (a
// select of every defined option for select and multi-select fields — a multi-select matches the
// epics that chose that option among others — a text box otherwise, a users field taking one person
// by id or email), kept in the URL as `cf.<key>=value` so a filtered list can be shared, and handed
// to the API as `custom_fields[<key>]=<value>`.
import type { EpicCustomField } from '../../api/epics';
import { FilterDate, FilterSelect, FilterText } from '../../ui/filter-bar';

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

export interface CustomFieldFiltersProps {
  fields: readonly EpicCustomField[];
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
}

/** One control per field, on the kit's filter controls: a select of every option, a date box, or text. */
export function CustomFieldFilters({ fields, values, onChange }: CustomFieldFiltersProps) {
  return (
    <>
      {fields.map((f) => {
        const value = values[f.key] ?? '';
        const set = (v: string) => onChange(f.key, v);
        if (f.type === 'select' || f.type === 'multi_select') {
          return (
            <FilterSelect
              key={f.key}
              label={f.name}
              anyLabel="Any"
              value={value}
              onChange={set}
              options={f.values.map((v) => ({ value: v, label: v }))}
            />
          );
        }
        if (f.type === 'date') return <FilterDate key={f.key} label={f.name} value={value} onChange={set} />;
        return (
          <FilterText
            key={f.key}
            label={f.name}
            placeholder={f.type === 'users' ? 'User id or email' : 'Exact value'}
            inputMode={f.type === 'number' ? 'decimal' : undefined}
            value={value}
            onChange={set}
          />
        );
      })}
    </>
  );
}
