// Layouts for the kit's and the forms' tests: a layout of a kind from sections written short, and
// custom field definitions of each type.
import type { CustomFieldDefinition } from '../../contract/custom-fields';
import { STANDARD_FIELDS, type LayoutColumn, type LayoutField, type ScreenLayout, type ScreenableType } from '../../contract/layouts';

/** A custom field definition of the workspace; `type` as the service names it. */
export function definition(key: string, name: string, type: string, options: string[] = []): CustomFieldDefinition {
  return {
    id: `cf-${key}`,
    key,
    name,
    // Typed loosely on purpose: the contract may name more types than the app's version knows.
    type: type as CustomFieldDefinition['type'],
    internal_name: null,
    custom_fieldable_type: 'Feature',
    product_id: '1',
    position: 0,
    options,
  };
}

/** One custom field of each type a form draws, with the names the kit's layout tests find them by. */
export const CUSTOMS = {
  risk: definition('risk', 'Risk', 'select', ['High', 'Low']),
  arr: definition('arr', 'Target ARR', 'number'),
  launch: definition('launch', 'Launch day', 'date'),
  regions: definition('regions', 'Regions', 'multi_select', ['EU', 'US']),
  owners: definition('owners', 'Owners', 'users'),
  spec: definition('spec', 'Spec', 'url'),
} as const;

/** Every one of CUSTOMS on a layout, in that order with Risk required, then `more` (optional). */
export function eachCustom(...more: CustomFieldDefinition[]): ShortField[] {
  const { risk, ...rest } = CUSTOMS;
  return [{ custom: risk, required: true }, ...[...Object.values(rest), ...more].map((custom) => ({ custom }))];
}

/** A field written short: a standard key, `{ custom: definition }`, and what the layout asks of it. */
export type ShortField =
  | string
  | { field: string; required?: boolean; on_form?: boolean; on_detail?: boolean }
  | { custom: CustomFieldDefinition; required?: boolean; on_form?: boolean; on_detail?: boolean };

function layoutField(type: ScreenableType, short: ShortField): LayoutField {
  const spec = typeof short === 'string' ? { field: short } : short;
  const base = { on_form: spec.on_form ?? true, on_detail: spec.on_detail ?? true, required: spec.required ?? false };
  if ('custom' in spec) {
    return {
      field: `custom_fields.${spec.custom.key}`,
      label: spec.custom.name,
      custom: true,
      can_be_required: true,
      locked: false,
      custom_field_definition: spec.custom,
      ...base,
    };
  }
  const std = STANDARD_FIELDS[type].find((s) => s.key === spec.field);
  return {
    field: spec.field,
    label: std?.label ?? spec.field,
    custom: false,
    can_be_required: std?.requirable ?? false,
    locked: std?.locked ?? false,
    custom_field_definition: null,
    ...base,
    required: base.required || spec.field === 'name',
  };
}

/** A workspace layout of `type` from `[name, column, fields]` sections. */
export function testLayout(type: ScreenableType, sections: readonly [string, LayoutColumn, readonly ShortField[]][]): ScreenLayout {
  return {
    screenable_type: type,
    screen_definition_id: '1',
    name: 'Test layout',
    sections: sections.map(([name, column, fields]) => ({ name, column, fields: fields.map((f) => layoutField(type, f)) })),
  };
}
