// Layouts for the editor's tests: a feature layout as the service answers it (two main sections, a
// side section with a custom select field) and the workspaces' custom field definitions.
import type { CustomFieldDefinition } from '../../contract/custom-fields';
import { STANDARD_FIELDS, type LayoutField, type ScreenDefinition, type ScreenableType } from '../../contract/layouts';

export function fieldDefinition(key: string, name: string, type: string, options: string[] = [], productId = '1'): CustomFieldDefinition {
  return {
    id: `${productId}-${key}`,
    key,
    name,
    // Loosely typed on purpose: the service may name types (multi_select, users …) this app's contract reads as others.
    type: type as CustomFieldDefinition['type'],
    internal_name: null,
    custom_fieldable_type: 'Feature',
    product_id: productId,
    position: 0,
    options,
  };
}

export const risk = fieldDefinition('risk', 'Risk', 'select', ['Low', 'Medium', 'High']);
export const launch = fieldDefinition('launch_date', 'Launch date', 'date');
export const platforms = fieldDefinition('platforms', 'Platforms', 'multi_select', ['Web', 'iOS']);

/** A standard field of the kind as the service answers it. */
export function standard(type: ScreenableType, key: string, over: Partial<LayoutField> = {}): LayoutField {
  const std = STANDARD_FIELDS[type].find((s) => s.key === key);
  if (!std) throw new Error(`${type} has no field ${key}`);
  return {
    field: key,
    label: std.label,
    custom: false,
    on_form: true,
    on_detail: true,
    required: key === 'name',
    can_be_required: std.requirable,
    locked: std.locked ?? false,
    custom_field_definition: null,
    ...over,
  };
}

export function custom(def: CustomFieldDefinition, over: Partial<LayoutField> = {}): LayoutField {
  return {
    field: `custom_fields.${def.key}`,
    label: def.name,
    custom: true,
    on_form: true,
    on_detail: true,
    required: false,
    can_be_required: true,
    locked: false,
    custom_field_definition: def,
    ...over,
  };
}

/** Feature: [Feature: name, release, workflow_status, description] [Planning: tags] | side [Details: risk]. */
export function featureLayout(over: Partial<ScreenDefinition> = {}): ScreenDefinition {
  const f = (key: string, o: Partial<LayoutField> = {}) => standard('Feature', key, o);
  return {
    id: '10',
    name: 'Quick capture',
    screenable_type: 'Feature',
    custom_field_definitions: [],
    default: false,
    product_ids: ['2'],
    sections: [
      { name: 'Feature', column: 'main', fields: [f('name'), f('release'), f('workflow_status'), f('description')] },
      { name: 'Planning', column: 'main', fields: [f('tags')] },
      { name: 'Details', column: 'side', fields: [custom(risk)] },
    ],
    ...over,
  };
}
