// One custom field of a layout on a form, drawn from its definition and bound by name to
// `custom_fields.<key>` of the form around it, so a message the service keys `custom_fields.<key>`
// lands under it by itself: text, number, date and web address inputs, a select, and checklists for
// a multi-select (its options) and for people (the account's enabled users, by id). The required mark
// comes from the layout (`useRequired`); the value checks are the layout model's.
import { useId, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { User } from '../contract/account';
import { ChecklistField, SelectField, TextField, type ChecklistItem } from './field';
import { RequiredLegend, useFieldError } from './form-fields';
import { useRequired } from './layout-context';
import type { FormCustomField } from './layout-model';

export interface LayoutCustomFieldProps {
  field: FormCustomField;
  /** The account's users, for a people field: the enabled ones are offered. */
  users?: readonly User[] | undefined;
  /** The label as shown (default: the field's name), e.g. with words that tell two forms apart. */
  label?: ReactNode;
}

const TEXT_INPUTS = {
  string: { type: 'text' },
  number: { type: 'number', step: 'any', inputMode: 'decimal' },
  date: { type: 'date' },
  url: { type: 'url', inputMode: 'url', placeholder: 'https://' },
} as const;

export function LayoutCustomField({ field, users = [], label = field.label }: LayoutCustomFieldProps) {
  const { register } = useFormContext();
  const required = useRequired(field.name);
  const error = useFieldError(field.name);
  switch (field.kind) {
    case 'select':
      return (
        <SelectField
          label={label}
          required={required}
          registration={register(field.name)}
          options={field.options.map((o) => ({ value: o, label: o }))}
          placeholder="None"
          error={error}
        />
      );
    case 'multi_select':
      return (
        <CustomChecklist
          field={field}
          label={label}
          items={field.options.map((o) => ({ value: o, label: o }))}
          empty="No options defined."
        />
      );
    case 'users':
      return <PeopleChecklist field={field} label={label} users={users} />;
    default:
      return (
        <TextField
          label={label}
          required={required}
          registration={register(field.name)}
          error={error}
          autoComplete="off"
          {...TEXT_INPUTS[field.kind]}
        />
      );
  }
}

/** Enabled users, and anyone already chosen (a disabled or departed person stays until unticked). */
function PeopleChecklist({ field, label, users }: { field: FormCustomField; label: ReactNode; users: readonly User[] }) {
  const { formState } = useFormContext();
  const initial: unknown = formState.defaultValues?.custom_fields?.[field.key];
  const chosen = Array.isArray(initial) ? initial.map(String) : [];
  const items = users.filter((u) => u.enabled || chosen.includes(u.id)).map((u) => ({ value: u.id, label: u.name || u.email }));
  // Someone chosen whom the user list does not carry stays visible by id rather than silently dropped.
  for (const id of chosen) if (!items.some((i) => i.value === id)) items.push({ value: id, label: `User ${id}` });
  return <CustomChecklist field={field} label={label} items={items} empty="No users to choose from." />;
}

function CustomChecklist({
  field,
  label,
  items,
  empty,
}: {
  field: FormCustomField;
  label: ReactNode;
  items: readonly ChecklistItem[];
  empty: string;
}) {
  const { field: bound, fieldState } = useController({ name: field.name });
  const required = useRequired(field.name);
  const id = `cf-${field.key}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const value: unknown = bound.value;
  return (
    <ChecklistField
      legend={required ? <RequiredLegend text={label} /> : label}
      name={field.name}
      items={items}
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={bound.onChange}
      onBlur={bound.onBlur}
      inputRef={bound.ref}
      empty={empty}
      error={fieldState.error?.message}
      id={id}
      className="field--wide"
    />
  );
}
