// The small portal user form of the portal users screen, for adding (operation 12) and editing one
// in place: email (unique in the portal), names, employee or partner, and a vote cap of their own.
// The service's 422s (a taken email above all) land under the fields they name.
import { useEffect } from 'react';
import { z } from 'zod';
import { emailInput, type PortalUser, type PortalUserCreateInput } from '../../contract/portals';
import { CheckboxField } from '../../ui/field';
import { BoundText } from '../../ui/form-fields';
import { FormShell, useRecordForm } from '../../ui/form-shell';

const portalUserFields = z.object({
  email: emailInput,
  first_name: z.string().trim().max(255),
  last_name: z.string().trim().max(255),
  employee: z.boolean(),
  /** Votes this user may hold at once, overriding the portal's cap; '' for the portal's. */
  max_endorsements_override: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= 1_000_000), 'must be a whole number of at least 0'),
});
type Values = z.input<typeof portalUserFields>;
type Output = z.output<typeof portalUserFields>;
/** The spec's request names land on the fields that show them. */
const ALIASES = { permission: 'employee', max_endorsement_override: 'max_endorsements_override' } as const;

export function toPortalUserInput(v: Output): PortalUserCreateInput {
  return {
    email: v.email,
    first_name: v.first_name || null,
    last_name: v.last_name || null,
    permission: v.employee,
    max_endorsement_override: v.max_endorsements_override === '' ? null : Number(v.max_endorsements_override),
  };
}

function defaults(user?: PortalUser): Values {
  return {
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    employee: user?.employee ?? false,
    max_endorsements_override: user?.max_endorsements_override === null || user === undefined ? '' : String(user.max_endorsements_override),
  };
}

export interface PortalUserFormProps {
  user?: PortalUser | undefined;
  onSubmit: (input: PortalUserCreateInput) => Promise<unknown>;
  onCancel: () => void;
}

export function PortalUserForm({ user, onSubmit, onCancel }: PortalUserFormProps) {
  const form = useRecordForm(portalUserFields, () => defaults(user));
  const { register, setFocus } = form;
  // The form opens from a button elsewhere on the screen (a row's Edit): keyboard users start in it.
  useEffect(() => setFocus('email'), [setFocus]);
  return (
    <FormShell
      form={form}
      variant="inline"
      label={user ? `Edit ${user.email}` : 'Add portal user'}
      aliases={ALIASES}
      submitLabel={user ? 'Save portal user' : 'Add portal user'}
      cancel={{ onClick: onCancel }}
      successMessage={user ? 'Portal user saved' : 'Portal user added'}
      onSubmit={(values) => onSubmit(toPortalUserInput(values))}
    >
      <div className="form-grid">
        <BoundText name="email" label="Email" type="email" required />
        <BoundText
          name="max_endorsements_override"
          label="Vote cap override"
          type="number"
          hint="Votes this user may hold at once; empty uses the portal's cap"
        />
        <BoundText name="first_name" label="First name" />
        <BoundText name="last_name" label="Last name" />
        <CheckboxField
          label="Employee"
          registration={register('employee')}
          hint="Employees see ideas visible to employees; others are partners"
        />
      </div>
    </FormShell>
  );
}
