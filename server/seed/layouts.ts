// The seed's custom layouts (issue 14): every account starts with one default layout per kind (what
// the forms showed before layouts existed); the demo adds custom fields of every type to its main
// workspace's features, ideas and initiatives, places them in those kinds' layouts, and keeps a
// second feature layout ("Quick capture") that no workspace uses yet, so the editor has something
// to assign.
import type { Transaction } from 'kysely';
import { DEFAULT_SECTIONS, SCREENABLE_TYPES } from '../../src/contract/layouts';
import type { ScreenableType } from '../../src/contract/layouts';
import { defaultSections, seedDefaultLayout } from '../store/layouts';
import type { StoredSection } from '../store/layouts';
import type { Database } from '../store/schema';

type Trx = Transaction<Database>;

interface FieldSeed {
  key: string;
  name: string;
  type: 'string' | 'number' | 'date' | 'select' | 'multi_select' | 'users' | 'url';
  options?: string[];
}

/** The demo's custom fields by record type, defined in the main workspace (PLN). */
const DEMO_FIELDS: Partial<Record<ScreenableType, FieldSeed[]>> = {
  Feature: [
    { key: 'customer_impact', name: 'Customer impact', type: 'select', options: ['Low', 'Medium', 'High'] },
    { key: 'platforms', name: 'Platforms', type: 'multi_select', options: ['Web', 'iOS', 'Android', 'API'] },
    { key: 'spec_url', name: 'Specification', type: 'url' },
    { key: 'reviewers', name: 'Reviewers', type: 'users' },
    { key: 'launch_date', name: 'Launch date', type: 'date' },
    { key: 'revenue_impact', name: 'Revenue impact ($)', type: 'number' },
    { key: 'success_criteria', name: 'Success criteria', type: 'string' },
  ],
  'Ideas::Idea': [
    { key: 'segment', name: 'Customer segment', type: 'select', options: ['SMB', 'Mid-market', 'Enterprise'] },
    { key: 'source_url', name: 'Source', type: 'url' },
  ],
  Initiative: [
    { key: 'okr_url', name: 'OKR document', type: 'url' },
    { key: 'sponsors', name: 'Sponsors', type: 'users' },
  ],
};

const RECORD_TYPE: Partial<Record<ScreenableType, string>> = { Feature: 'Feature', 'Ideas::Idea': 'Idea', Initiative: 'Initiative' };

/** The default layout of a kind with the demo's custom fields in a side section of their own. */
function withCustomFields(type: ScreenableType, keys: readonly string[]): StoredSection[] {
  const sections = defaultSections(type);
  if (keys.length === 0) return sections;
  return [
    ...sections,
    {
      name: 'Details',
      column: 'side',
      fields: keys.map((key) => ({ field: `custom_fields.${key}`, on_form: true, on_detail: true, required: false })),
    },
  ];
}

/**
 * Default layouts for every kind; in the demo, the custom fields above (in `productId`) and the
 * epics' (which the products define themselves: `epicKeys`) placed in them.
 */
export async function seedLayouts(
  trx: Trx,
  opts: { at: string; adminId: number; demo?: { productId: number; epicKeys: readonly string[] } },
): Promise<void> {
  const { at, adminId, demo } = opts;
  if (demo) {
    for (const [type, fields] of Object.entries(DEMO_FIELDS) as [ScreenableType, FieldSeed[]][]) {
      for (const [i, f] of fields.entries()) {
        await trx
          .insertInto('custom_field_definitions')
          .values({
            product_id: demo.productId,
            record_type: RECORD_TYPE[type] ?? type,
            key: f.key,
            name: f.name,
            field_type: f.type,
            options: JSON.stringify(f.options ?? []),
            position: i + 1,
          })
          .execute();
      }
    }
  }
  for (const type of SCREENABLE_TYPES) {
    const keys = demo ? (type === 'Epic' ? demo.epicKeys : (DEMO_FIELDS[type] ?? []).map((f) => f.key)) : [];
    await seedDefaultLayout(trx, type, { at, userId: adminId, sections: withCustomFields(type, keys) });
  }
  if (demo) {
    // A lighter feature form for quick capture: name, release, status and description only.
    const [first] = DEFAULT_SECTIONS.Feature;
    await seedDefaultLayout(trx, 'Feature', {
      name: 'Quick capture',
      at,
      userId: adminId,
      isDefault: false,
      sections: [
        {
          name: 'Feature',
          column: 'main',
          fields: (first?.fields ?? ['name', 'release']).map((field) => ({
            field,
            on_form: ['name', 'release', 'workflow_status', 'description'].includes(field),
            on_detail: true,
            required: false,
          })),
        },
        {
          name: 'Details',
          column: 'side',
          fields: [{ field: 'custom_fields.customer_impact', on_form: true, on_detail: true, required: false }],
        },
      ],
    });
  }
}
