// A portal's settings, for setting one up and for changing it in place on the portals screen: title,
// key (the subdomain its address uses, made from the title when left empty), who may reach it, on or
// off, its own address elsewhere, the vote caps its users vote within, and its colour and logo. The rules are the
// service's (src/contract/portals.ts); its 422s (a key already taken above all) land on the fields.
import { useEffect } from 'react';
import { z } from 'zod';
import {
  ACCESS_TYPES,
  SUBDOMAIN_MAX,
  SUBDOMAIN_PATTERN,
  type AccessType,
  type IdeaPortal,
  type IdeaPortalCreateInput,
} from '../../contract/portals';
import { CheckboxField } from '../../ui/field';
import { BoundSelect, BoundText } from '../../ui/form-fields';
import { FormShell, useRecordForm } from '../../ui/form-shell';
import { ColourField, KEEP_LOGO, LogoField } from './portal-look-fields';

export const ACCESS_LABELS: Record<AccessType, string> = {
  public: 'Public',
  'submit-only': 'Submit only',
  private: 'Private',
};

const ACCESS_HINTS: Record<AccessType, string> = {
  public: 'Anyone reads ideas; signing in is needed to submit and vote',
  'submit-only': 'Signed-in users see only their own ideas',
  private: 'Only signed-in portal users see anything',
};

/** A cap as typed: '' is no cap, else a whole number from 1 to 10,000 (the service's range). */
const capText = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000),
    'must be a whole number from 1 to 10000, or empty',
  );

const portalFields = z
  .object({
    title: z.string().trim().min(1, 'is required').max(255, 'is too long (at most 255 characters)'),
    subdomain: z
      .string()
      .trim()
      .toLowerCase()
      .max(SUBDOMAIN_MAX, `is too long (at most ${SUBDOMAIN_MAX} characters)`)
      .refine((v) => v === '' || SUBDOMAIN_PATTERN.test(v), 'must be letters, digits or single hyphens, starting with a letter'),
    access_type: z.enum(ACCESS_TYPES),
    portal_enabled: z.boolean(),
    external_url: z
      .string()
      .trim()
      .max(2_000, 'is too long (at most 2000 characters)')
      .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'must be an http or https address'),
    votes_per_user: capText,
    votes_per_idea: capText,
    color: z
      .string()
      .trim()
      .refine((v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v), 'must be a colour as #rrggbb'),
    /** KEEP_LOGO, '' (remove) or a new image's data URL (portal-look-fields.tsx). */
    logo: z.string(),
  })
  .refine((v) => v.votes_per_user === '' || v.votes_per_idea === '' || Number(v.votes_per_idea) <= Number(v.votes_per_user), {
    path: ['votes_per_idea'],
    message: 'must not be above the votes per user',
  });
type Values = z.input<typeof portalFields>;
type Output = z.output<typeof portalFields>;

const cap = (v: string): number | null => (v === '' ? null : Number(v));

export function toPortalInput(v: Output): IdeaPortalCreateInput {
  return {
    title: v.title,
    // Left empty on a new portal, the service makes the key from the title.
    ...(v.subdomain ? { subdomain: v.subdomain } : {}),
    access_type: v.access_type,
    portal_enabled: v.portal_enabled,
    external_url: v.external_url || null,
    votes_per_user: cap(v.votes_per_user),
    votes_per_idea: cap(v.votes_per_idea),
    color: v.color || null,
    ...(v.logo === KEEP_LOGO ? {} : { logo: v.logo || null }),
  };
}

/**
 * The address set for the portal, or '' when there is none: without one the service answers its own
 * `/portal/<key>` address, which is not a setting.
 */
function ownAddress(portal: IdeaPortal | undefined): string {
  const address = portal?.external_url ?? '';
  return portal?.subdomain && address.endsWith(`/portal/${portal.subdomain}`) ? '' : address;
}

function defaults(portal?: IdeaPortal): Values {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return {
    title: portal?.title ?? '',
    subdomain: portal?.subdomain ?? '',
    access_type: portal?.access_type ?? 'public',
    portal_enabled: portal?.portal_enabled ?? true,
    external_url: ownAddress(portal),
    votes_per_user: text(portal?.votes_per_user),
    votes_per_idea: text(portal?.votes_per_idea),
    color: portal?.color ?? '',
    logo: KEEP_LOGO,
  };
}

export interface PortalFormProps {
  portal?: IdeaPortal | undefined;
  onSubmit: (input: IdeaPortalCreateInput) => Promise<unknown>;
  onCancel: () => void;
}

export function PortalForm({ portal, onSubmit, onCancel }: PortalFormProps) {
  const form = useRecordForm(portalFields, () => defaults(portal));
  const { register, setFocus, watch } = form;
  // The form opens from a button elsewhere on the screen: keyboard users start in it.
  useEffect(() => setFocus('title'), [setFocus]);
  const access = watch('access_type');
  return (
    <FormShell
      form={form}
      variant="inline"
      label={portal ? `Settings of ${portal.title}` : 'New portal'}
      submitLabel={portal ? 'Save settings' : 'Create portal'}
      cancel={{ onClick: onCancel }}
      successMessage={portal ? 'Portal settings saved' : 'Portal created'}
      onSubmit={(values) => onSubmit(toPortalInput(values))}
    >
      <div className="form-grid">
        <BoundText name="title" label="Title" required />
        <BoundText
          name="subdomain"
          label="Key"
          hint={portal ? 'Its address: /portal/<key>' : 'Its address: /portal/<key>; empty makes one from the title'}
        />
        <BoundSelect
          name="access_type"
          label="Access"
          hint={ACCESS_HINTS[access]}
          options={ACCESS_TYPES.map((a) => ({ value: a, label: ACCESS_LABELS[a] }))}
        />
        <BoundText name="external_url" label="Own address" hint="A custom domain it is served at; empty serves it here" type="url" />
        <BoundText
          name="votes_per_user"
          label="Votes per user"
          hint="Most votes one user holds at once; empty is no cap"
          type="number"
          min={1}
        />
        <BoundText
          name="votes_per_idea"
          label="Votes per idea"
          hint="Most votes one user puts on one idea; empty is no cap"
          type="number"
          min={1}
        />
        <CheckboxField label="Enabled" registration={register('portal_enabled')} hint="A disabled portal cannot be reached by its users" />
        <ColourField />
        <LogoField currentUrl={portal?.logo_url ?? null} />
      </div>
    </FormShell>
  );
}
