// The app's zod contract reads the hosted service's answers (issue 10): with PLANNER_UPSTREAM the
// service passes a hosted account's answers through, so the schemas the app parses with must take
// every example answer of the hosted document for the kinds the app knows. The table below names,
// per top-level key of an answer, the envelope or page schema the app uses for it.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hostedOperations, readHostedDocument, type HostedOp } from '../../server/test/hosted-contract';
import {
  meEnvelope,
  productEnvelope,
  productPage,
  teamEnvelope,
  teamPage,
  userEnvelope,
  userPage,
  workflowKindPage,
  workflowPage,
  workflowSchema,
} from './account';
import { recordEnvelope } from './common';
import { customFieldDefinitionPage, customFieldOptionsEnvelope } from './custom-fields';
import { epicEnvelope, epicListItemSchema, epicPage } from './epics';
import { featureEnvelope, featureListItemSchema, featurePage, requirementEnvelope, requirementPage } from './features';
import {
  goalEnvelope,
  goalListItemSchema,
  goalPage,
  initiativeEnvelope,
  initiativeListItemSchema,
  initiativePage,
  timeFramePage,
} from './initiatives';
import { ideaCategoryPage, ideaEnvelope, ideaListItemSchema, ideaPage } from './ideas';
import { ideaPortalPage, portalUserEnvelope, portalUserPage } from './portals';
import { releaseEnvelope, releaseListItemSchema, releasePage, releasePhaseEnvelope, releasePhasePage } from './releases';

interface Kind {
  /** The schema the app parses the answer with. */
  schema: z.ZodType;
  /**
   * For one record of a kind with an address (`url`): the schema of a `fields` selection, used when
   * the example's record has no `url` (an abbreviated example such as `POST /releases/{id}/duplicate`).
   * Pages need none: their items already are list items (`listItemOf`).
   */
  selection?: z.ZodType;
}

/** Response key → the app's schema. `user` is `GET /me`'s key too: see `kindFor`. */
const KINDS: Record<string, Kind> = {
  feature: { schema: featureEnvelope, selection: recordEnvelope('feature', featureListItemSchema) },
  features: { schema: featurePage },
  epic: { schema: epicEnvelope, selection: recordEnvelope('epic', epicListItemSchema) },
  epics: { schema: epicPage },
  requirement: { schema: requirementEnvelope },
  requirements: { schema: requirementPage },
  release: { schema: releaseEnvelope, selection: recordEnvelope('release', releaseListItemSchema) },
  releases: { schema: releasePage },
  release_phase: { schema: releasePhaseEnvelope },
  release_phases: { schema: releasePhasePage },
  initiative: {
    schema: initiativeEnvelope,
    selection: recordEnvelope('initiative', initiativeListItemSchema),
  },
  initiatives: { schema: initiativePage },
  goal: { schema: goalEnvelope, selection: recordEnvelope('goal', goalListItemSchema) },
  goals: { schema: goalPage },
  time_frames: { schema: timeFramePage },
  product: { schema: productEnvelope },
  products: { schema: productPage },
  user: { schema: userEnvelope },
  users: { schema: userPage },
  team: { schema: teamEnvelope },
  teams: { schema: teamPage },
  // The app reads workflows only as a product's list; one workflow is the same record.
  workflow: { schema: recordEnvelope('workflow', workflowSchema) },
  workflows: { schema: workflowPage },
  workflow_kinds: { schema: workflowKindPage },
  custom_field_definitions: { schema: customFieldDefinitionPage },
  options: { schema: customFieldOptionsEnvelope },
  idea_portals: { schema: ideaPortalPage },
  portal_user: { schema: portalUserEnvelope },
  portal_users: { schema: portalUserPage },
  idea: { schema: ideaEnvelope, selection: recordEnvelope('idea', ideaListItemSchema) },
  ideas: { schema: ideaPage },
  idea_categories: { schema: ideaCategoryPage },
};

/**
 * Operations whose answer uses a known key for another kind: the assistant usage report lists
 * users with their message counts, not account users.
 */
const OTHER_KINDS = new Set(['GET /usage/assistant_users']);

/** The key of an answer `{ "<key>": … }` or `{ "<key>": [...], "pagination": … }`, if it is one. */
function envelopeKey(example: unknown): string | undefined {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return undefined;
  const keys = Object.keys(example).filter((k) => k !== 'pagination');
  return keys.length === 1 ? keys[0] : undefined;
}

/** The kind of an answer, and its name in the summary (`me` for `GET /me`'s `user`). */
function kindFor(op: HostedOp, key: string): (Kind & { name: string }) | undefined {
  if (OTHER_KINDS.has(`${op.method} ${op.path}`)) return undefined;
  if (op.path === '/me' && key === 'user') return { schema: meEnvelope, name: 'me' };
  const kind = KINDS[key];
  return kind && { ...kind, name: key };
}

const exampleOf = (method: HostedOp['method'], path: string): unknown =>
  hostedOperations(readHostedDocument()).find((op) => op.method === method && op.path === path)?.responseExample;

const hasUrl = (record: unknown): boolean => !!record && typeof record === 'object' && 'url' in record;

describe('the hosted example answers', () => {
  it('parse with the app’s schemas for every kind it knows', () => {
    const ops = hostedOperations(readHostedDocument());
    const withExample = ops.filter((op) => op.responseExample !== undefined);
    const problems: string[] = [];
    const covered = new Set<string>();
    const selections: string[] = [];
    let parsed = 0;
    let tried = 0;
    for (const op of withExample) {
      const key = envelopeKey(op.responseExample);
      const kind = key === undefined ? undefined : kindFor(op, key);
      if (key === undefined || kind === undefined) continue;
      const record = (op.responseExample as Record<string, unknown>)[key];
      const asSelection = kind.selection !== undefined && !Array.isArray(record) && !hasUrl(record);
      if (asSelection) selections.push(`${op.method} ${op.path}`);
      tried++;
      const result = (asSelection && kind.selection ? kind.selection : kind.schema).safeParse(op.responseExample);
      if (result.success) {
        parsed++;
        covered.add(kind.name);
        continue;
      }
      for (const issue of result.error.issues) problems.push(`${op.method} ${op.path}: $.${issue.path.join('.')}: ${issue.message}`);
    }
    console.log(
      `hosted examples: ${parsed} of ${tried} parsed with the app's schemas ` +
        `(${withExample.length} operations have an example answer); kinds covered: ${[...covered].sort().join(', ')}` +
        (selections.length ? `; read as a fields selection: ${selections.join(', ')}` : ''),
    );
    expect(problems).toEqual([]);
    expect(parsed).toBe(tried);
    // Every kind the app reads appears in the document's examples at least once.
    expect(tried).toBeGreaterThanOrEqual(60);
  });

  it('are read in the app’s output types: ids as text, hosted-only forms as ours, absent members empty', () => {
    const { feature } = featureEnvelope.parse(exampleOf('GET', '/features/{id}'));
    expect(feature.requirements[0]?.release_id).toBe('278327321');
    expect(feature.requirements[0]?.workflow_status.workflow_status_category).toEqual({ id: '51383845', name: 'Shipped' });
    expect(feature.watchers).toEqual([]);
    expect(feature.team).toBeNull();
    const fields = Object.fromEntries(feature.custom_fields.map((f) => [f.key, [f.type, f.value]]));
    expect(fields).toMatchObject({
      equation_specs_field: ['other', '10.0, Foobar'],
      expected_completion_date: ['date', '2019-01-01'],
      upload: ['other', null],
    });
    // A `fields` selection keeps to what it selected: no defaults are filled into list items.
    const { features } = featurePage.parse(exampleOf('GET', '/features'));
    expect(Object.keys(features[0] ?? {}).sort()).toEqual(['created_by_user', 'id', 'reference_num']);
    const { workflows, pagination } = workflowPage.parse(exampleOf('GET', '/products/{product_id}/workflows'));
    expect(pagination).toEqual({ total_records: workflows.length, total_pages: 1, current_page: 1 });
  });
});
