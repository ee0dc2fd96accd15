// Seeds a new database in one transaction: `demo` fills the account from demo-data.ts (two
// products with teams, initiatives, epics, releases, phases, features, requirements, and an idea
// portal with its portal users) and their history (history.ts), `empty` only the users and one
// product with its workflows and feature kinds. Runs on first start only.
import type { Kysely, Transaction } from 'kysely';
import { todayIso } from '../../src/domain/dates';
import { parseEstimate } from '../../src/domain/estimate';
import type { CapacityUnits } from '../../src/domain/estimate';
import { progressFromCompletion, progressFromRemaining } from '../../src/domain/progress';
import { epicKey, featureKey, goalKey, ideaKey, initiativeKey, pageKey, releaseKey, requirementKey } from '../../src/domain/reference';
import { recountVotes } from '../store/idea-votes';
import { seedHistory } from './history';
import { seedLayouts } from './layouts';
import { recomputeRollups } from '../store/rollup-scheduler';
import type { RollupKind } from '../store/rollup-scheduler';
import type { Database } from '../store/schema';
import { insertFeatureKinds, insertProduct, insertTimeFrames, insertWorkflows, statusColumns } from '../store/product-defaults';
import type { StatusIds } from '../store/product-defaults';
import {
  EMPTY_PRODUCT,
  IDEA_CATEGORIES,
  IDEA_ORGANIZATIONS,
  IDEA_PORTALS,
  IDEA_VOTES,
  NOTES,
  IDEAS,
  INCREMENTS,
  PRODUCTS,
  SPRINTS,
  TEAM_STATUSES,
  USERS,
} from './demo-data';
import type { FeatureSeed, NoteSeed, ProductSeed, ReleaseSeed, UserKey } from './demo-data';

export interface SeedResult {
  adminId: number;
  adminEmail: string;
}

type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;

export async function seedAccount(db: Kysely<Database>, mode: 'demo' | 'empty'): Promise<SeedResult> {
  const today = new Date();
  return db.transaction().execute(async (trx) => {
    const ts = today.toISOString();
    const users = new Map<UserKey, number>();
    for (const u of USERS) {
      const row = await trx
        .insertInto('users')
        .values({
          name: u.name,
          email: u.email,
          administrator: u.administrator ? 1 : 0,
          enabled: 1,
          created_at: ts,
          updated_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.set(u.key, row.id);
    }
    const adminId = users.get('admin');
    const admin = USERS.find((u) => u.key === 'admin');
    if (adminId === undefined || !admin) throw new Error('The seed has no administrator');

    if (mode === 'empty') {
      const productId = await insertProduct(trx, EMPTY_PRODUCT, ts);
      await insertWorkflows(trx, productId);
      await insertFeatureKinds(trx, productId);
      await seedLayouts(trx, { at: ts, adminId });
    } else {
      const day = (offset: number): string => todayIso(new Date(today.getTime() + offset * DAY_MS));
      for (const product of PRODUCTS) await seedProduct(trx, product, users, ts, day);
      await seedIdeaPortals(trx, ts);
      await seedIdeas(trx, users, today);
      await seedIdeaVotes(trx, adminId, ts);
      await seedPortalThread(trx, adminId, ts);
      await seedNotes(trx, adminId, today);
      const main = await trx
        .selectFrom('products')
        .select('id')
        .where('reference_prefix', '=', PRODUCTS[0]?.prefix ?? 'PLN')
        .executeTakeFirstOrThrow();
      const epicKeys = [...new Set(PRODUCTS.flatMap((p) => (p.epicCustomFields ?? []).map((f) => f.key)))];
      await seedLayouts(trx, { at: ts, adminId, demo: { productId: main.id, epicKeys } });
      // Last: every record above gets its create row, and the account an older history.
      await seedHistory(trx, users, today);
    }
    return { adminId, adminEmail: admin.email };
  });
}

/**
 * The demo's notes (issue 12): each product's tree, keyed by the product counter depth first, in
 * the statuses of its Note workflow. Their audit rows are seedHistory's (history.ts).
 */
async function seedNotes(trx: Trx, adminId: number, today: Date): Promise<void> {
  for (const [prefix, seeds] of Object.entries(NOTES)) {
    const product = await trx.selectFrom('products').select('id').where('reference_prefix', '=', prefix).executeTakeFirstOrThrow();
    const statuses = await trx
      .selectFrom('workflow_statuses as ws')
      .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
      .select(['ws.id', 'ws.name'])
      .where('w.product_id', '=', product.id)
      .where('w.statusable_type', '=', 'Page')
      .orderBy('ws.position')
      .execute();
    const statusIds = new Map(statuses.map((s) => [s.name, s.id]));
    let n = 0;
    const insert = async (notes: NoteSeed[], parentId: number | null): Promise<void> => {
      for (const [i, s] of notes.entries()) {
        n += 1;
        const when = new Date(today.getTime() - (40 - n) * DAY_MS).toISOString();
        const tags = s.tags ?? [];
        const row = await trx
          .insertInto('pages')
          .values({
            product_id: product.id,
            reference_num: pageKey(prefix, n),
            name: s.name,
            description: s.body,
            parent_id: parentId,
            position: i + 1,
            editor_width: s.width ?? 'NARROW',
            workflow_status_id: s.status ? must(statusIds, s.status, 'note status') : (statuses[0]?.id ?? null),
            created_by_user_id: adminId,
            tags: tags.join(','),
            created_at: when,
            updated_at: when,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (tags.length)
          await trx
            .insertInto('page_tags')
            .values(tags.map((tag) => ({ page_id: row.id, tag })))
            .execute();
        await insert(s.children ?? [], row.id);
      }
    };
    await insert(seeds, null);
    await trx
      .updateTable('products')
      .set({ next_page_num: n + 1 })
      .where('id', '=', product.id)
      .execute();
  }
}

/** The demo's idea portals and their portal users (issue 11), in the products their prefixes name. */
async function seedIdeaPortals(trx: Trx, ts: string): Promise<void> {
  for (const p of IDEA_PORTALS) {
    const product = await trx.selectFrom('products').select('id').where('reference_prefix', '=', p.product).executeTakeFirstOrThrow();
    const portal = await trx
      .insertInto('idea_portals')
      .values({
        product_id: product.id,
        title: p.title,
        subdomain: p.subdomain,
        access_type: p.accessType,
        portal_enabled: 1,
        external_url: null,
        votes_per_user: p.votesPerUser,
        votes_per_idea: p.votesPerIdea,
        color: p.color ?? null,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const u of p.users) {
      await trx
        .insertInto('portal_users')
        .values({
          idea_portal_id: portal.id,
          email: u.email,
          first_name: u.firstName,
          last_name: u.lastName,
          employee: u.employee ? 1 : 0,
          enabled: u.enabled === false ? 0 : 1,
          verified: u.verified ? 1 : 0,
          max_endorsements_override: u.maxEndorsementsOverride ?? null,
          unsubscribed: u.unsubscribed ? 1 : 0,
          unsubscribed_from_weekly_emails: u.unsubscribed ? 1 : null,
          created_at: ts,
          updated_at: ts,
        })
        .execute();
    }
  }
}

/**
 * The demo's idea categories and ideas (issue 11), keyed by the product counter. Their votes start
 * as initial votes; seedIdeaVotes adds the ledger's. Their audit rows are seedHistory's (history.ts).
 */
async function seedIdeas(trx: Trx, users: Map<UserKey, number>, today: Date): Promise<void> {
  const userEmails = new Map(USERS.map((u) => [u.key as string, u.email]));
  for (const [prefix, seeds] of Object.entries(IDEAS)) {
    const product = await trx.selectFrom('products').select('id').where('reference_prefix', '=', prefix).executeTakeFirstOrThrow();
    // Ideas visible in a portal were submitted to the product's portal, when it has one (issue 15).
    const portal = await trx.selectFrom('idea_portals').select('id').where('product_id', '=', product.id).orderBy('id').executeTakeFirst();
    const ts = today.toISOString();
    const categories = new Map<string, number>();
    for (const [name, parent] of IDEA_CATEGORIES[prefix] ?? []) {
      const row = await trx
        .insertInto('idea_categories')
        .values({
          product_id: product.id,
          name,
          parent_id: parent === null ? null : must(categories, parent, 'idea category'),
          created_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      categories.set(name, row.id);
    }
    const statuses = await trx
      .selectFrom('workflow_statuses as ws')
      .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
      .select(['ws.id', 'ws.name'])
      .where('w.product_id', '=', product.id)
      .where('w.statusable_type', '=', 'Idea')
      .execute();
    const statusIds = new Map(statuses.map((s) => [s.name, s.id]));
    const ids: number[] = [];
    for (const [i, s] of seeds.entries()) {
      const when = new Date(today.getTime() - s.age * DAY_MS - i * 60_000).toISOString();
      const email = userEmails.get(s.by) ?? s.by;
      const feature = s.feature
        ? await trx
            .selectFrom('features')
            .select('id')
            .where('product_id', '=', product.id)
            .where('name', '=', s.feature)
            .executeTakeFirstOrThrow()
        : undefined;
      const tags = s.tags ?? [];
      const row = await trx
        .insertInto('ideas')
        .values({
          product_id: product.id,
          reference_num: ideaKey(prefix, i + 1),
          name: s.name,
          description: `<p>${s.name}.</p>`,
          workflow_status_id: must(statusIds, s.status, 'idea status'),
          created_by_user_id: users.get(s.by as UserKey) ?? null,
          created_by_email: email,
          visibility: s.visibility ?? 'service',
          submitted_idea_portal_id: s.visibility !== undefined && s.visibility !== 'service' ? (portal?.id ?? null) : null,
          admin_response: s.response ?? null,
          admin_response_published: s.response === undefined ? 0 : 1,
          initial_votes: s.votes,
          votes: s.votes,
          spam: s.spam ? 1 : 0,
          duplicate_of_id: s.mergedInto === undefined ? null : at(ids, s.mergedInto, 'merged idea'),
          feature_id: feature?.id ?? null,
          tags: tags.join(','),
          status_changed_at: when,
          created_at: when,
          updated_at: when,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      if (tags.length)
        await trx
          .insertInto('idea_tags')
          .values(tags.map((tag) => ({ idea_id: row.id, tag })))
          .execute();
      const links = (s.categories ?? []).map((c) => ({ idea_id: row.id, category_id: must(categories, c, 'idea category') }));
      if (links.length) await trx.insertInto('idea_category_links').values(links).execute();
    }
    await trx
      .updateTable('products')
      .set({ next_idea_num: seeds.length + 1 })
      .where('id', '=', product.id)
      .execute();
  }
}

/**
 * A portal thread on the demo's first idea (issue 15): a portal user asks, the team answers in the
 * thread, so the portal shows a conversation and the admin's comments panel a portal thread.
 */
async function seedPortalThread(trx: Trx, adminId: number, ts: string): Promise<void> {
  const idea = await trx.selectFrom('ideas').select(['id', 'product_id']).where('reference_num', '=', ideaKey('PLN', 1)).executeTakeFirst();
  const asker = await trx.selectFrom('portal_users').select('id').where('email', '=', 'ava.lindqvist@northwind.example').executeTakeFirst();
  if (!idea || !asker) return;
  const comment = (body: string, author: { user_id: number | null; portal_user_id: number | null }, parent: number | null) =>
    trx
      .insertInto('comments')
      .values({
        commentable_type: 'Ideas::Idea',
        commentable_id: idea.id,
        product_id: idea.product_id,
        parent_comment_id: parent,
        thread_id: parent ?? 0,
        body,
        ...author,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const top = await comment(
    '<p>Our planners work late: a dark board would be easier on the eyes.</p>',
    { user_id: null, portal_user_id: asker.id },
    null,
  );
  await trx.updateTable('comments').set({ thread_id: top.id }).where('id', '=', top.id).execute();
  await comment(
    '<p>Thanks, Ava. We are looking at it together with the dark theme request.</p>',
    { user_id: adminId, portal_user_id: null },
    top.id,
  );
}

/**
 * The demo's organizations and votes ledger (issue 11): portal users' votes and proxy votes an
 * administrator recorded, then each voted idea's `votes` recounted as the service keeps it.
 */
async function seedIdeaVotes(trx: Trx, adminId: number, ts: string): Promise<void> {
  const organizations = new Map<string, number>();
  for (const o of IDEA_ORGANIZATIONS) {
    const row = await trx
      .insertInto('idea_organizations')
      .values({
        name: o.name,
        email_domains: o.domains.join(','),
        revenue: o.revenue,
        created_by_id: adminId,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    organizations.set(o.name, row.id);
  }
  const voted: number[] = [];
  for (const v of IDEA_VOTES) {
    const idea = await trx
      .selectFrom('ideas')
      .select(['id', 'submitted_idea_portal_id'])
      .where('reference_num', '=', ideaKey(v.product, v.idea + 1))
      .executeTakeFirstOrThrow();
    const portalUser = await trx
      .selectFrom('portal_users as pu')
      .innerJoin('idea_portals as p', 'p.id', 'pu.idea_portal_id')
      .innerJoin('products as pr', 'pr.id', 'p.product_id')
      .select('pu.id')
      .where('pr.reference_prefix', '=', v.product)
      .where('pu.email', '=', v.voter)
      .executeTakeFirst();
    await trx
      .insertInto('idea_votes')
      .values({
        idea_id: idea.id,
        cast_on_idea_id: idea.id,
        voter_email: v.voter,
        portal_user_id: portalUser?.id ?? null,
        idea_organization_id: v.organization === undefined ? null : must(organizations, v.organization, 'organization'),
        weight: v.weight,
        counted_weight: v.weight,
        link: v.proxy?.link ?? null,
        description: v.proxy?.description ?? null,
        proxy: v.proxy ? 1 : 0,
        created_by_id: v.proxy ? adminId : null,
        created_at: ts,
        updated_at: ts,
      })
      .execute();
    voted.push(idea.id);
  }
  await recountVotes(trx, voted);
}

/** Looks a seeded value up and fails loudly: a miss is a mistake in demo-data.ts, not user input. */
function must<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data names an unknown ${what}: ${String(key)}`);
  return value;
}
function at<T>(list: readonly T[], index: number, what: string): T {
  const value = list[index];
  if (value === undefined) throw new Error(`Seed data names an unknown ${what}: #${index}`);
  return value;
}

function estimate(text: string, units: CapacityUnits): number {
  const parsed = parseEstimate(text, units);
  if (!parsed.ok || parsed.value === null) throw new Error(`Seed estimate "${text}" is not valid in ${units}`);
  return parsed.value;
}

interface TeamIds {
  id: number;
  statuses: Map<string, number>;
  iterations: number[];
  increments: number[];
}

interface ReleaseIds {
  id: number;
  seed: ReleaseSeed;
  phases: Map<string, { id: number; start: string | null; end: string | null }>;
}

async function seedProduct(
  trx: Trx,
  p: ProductSeed,
  users: Map<UserKey, number>,
  ts: string,
  day: (offset: number) => string,
): Promise<void> {
  const productId = await insertProduct(trx, p, ts);
  const statuses = await insertWorkflows(trx, productId);
  const kinds = await insertFeatureKinds(trx, productId);
  const status = (type: string, name: string): StatusIds => must(must(statuses, type, 'workflow'), name.toLowerCase(), `${type} status`);
  const user = (key: UserKey | undefined): number | null => (key ? must(users, key, 'user') : null);
  const adminId = must(users, 'admin', 'user');

  const teams = new Map<string, TeamIds>();
  for (const t of p.teams) {
    const team = await trx
      .insertInto('teams')
      .values({
        product_id: productId,
        name: t.name,
        reference_prefix: t.prefix,
        color: t.color,
        next_pi_num: INCREMENTS.length + 1,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: TeamIds = { id: team.id, statuses: new Map(), iterations: [], increments: [] };
    for (const [i, s] of TEAM_STATUSES.entries()) {
      const row = await trx
        .insertInto('team_workflow_statuses')
        .values({ team_id: team.id, ...statusColumns(s, i) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.statuses.set(s.name, row.id);
    }
    for (const s of SPRINTS) {
      const row = await trx
        .insertInto('iterations')
        .values({ team_id: team.id, name: s.name, start_date: day(s.start), end_date: day(s.end) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.iterations.push(row.id);
    }
    for (const [i, pi] of INCREMENTS.entries()) {
      const row = await trx
        .insertInto('program_increments')
        .values({
          team_id: team.id,
          name: pi.name,
          reference_num: `${t.prefix}-PI-${i + 1}`,
          start_date: day(pi.start),
          end_date: day(pi.end),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.increments.push(row.id);
    }
    teams.set(t.prefix, ids);
  }

  const frames = await insertTimeFrames(trx, productId, day(0));

  const initiatives: number[] = [];
  for (const [i, ini] of p.initiatives.entries()) {
    const row = await trx
      .insertInto('initiatives')
      .values({
        product_id: productId,
        reference_num: initiativeKey(p.prefix, i + 1),
        name: ini.name,
        workflow_status_id: status('Initiative', ini.status).id,
        description: ini.description ?? null,
        created_by_id: adminId,
        assigned_to_id: user(ini.assignee),
        effort: ini.effort ?? null,
        value: ini.value ?? null,
        position: i + 1,
        ...(ini.color ? { color: ini.color } : {}),
        start_date: ini.start === undefined ? null : day(ini.start),
        end_date: ini.end === undefined ? null : day(ini.end),
        time_frame_id: ini.timeFrame === undefined ? null : at(frames, ini.timeFrame, 'time frame'),
        progress: ini.progress ?? null,
        progress_source: ini.progressSource ?? 'progress_manual',
        duration_source: ini.durationSource ?? 'duration_manual',
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    initiatives.push(row.id);
  }
  // Parents second: the list may name a parent that comes after its children.
  for (const [i, ini] of p.initiatives.entries()) {
    if (ini.parent === undefined) continue;
    await trx
      .updateTable('initiatives')
      .set({ parent_id: at(initiatives, ini.parent, 'initiative') })
      .where('id', '=', at(initiatives, i, 'initiative'))
      .execute();
  }

  for (const [i, g] of p.goals.entries()) {
    const row = await trx
      .insertInto('goals')
      .values({
        product_id: productId,
        reference_num: goalKey(p.prefix, i + 1),
        name: g.name,
        description: g.description ?? null,
        effort: g.effort ?? null,
        value: g.value ?? null,
        ...(g.color ? { color: g.color } : {}),
        position: i + 1,
        progress: g.progress ?? null,
        progress_source: g.progressSource ?? 'progress_manual',
        time_frame_id: g.timeFrame === undefined ? null : at(frames, g.timeFrame, 'time frame'),
        created_by_id: adminId,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('initiative_goals')
      .values(
        g.initiatives.map((index) => ({
          initiative_id: at(initiatives, index, 'initiative'),
          goal_id: row.id,
        })),
      )
      .execute();
  }

  const releases: ReleaseIds[] = [];
  for (const [i, r] of p.releases.entries()) {
    const opt = (offset: number | undefined): string | null => (offset === undefined ? null : day(offset));
    const row = await trx
      .insertInto('releases')
      .values({
        product_id: productId,
        reference_num: releaseKey(p.prefix, i + 1),
        name: r.name,
        start_date: opt(r.start),
        end_date: opt(r.release),
        release_date: opt(r.release),
        development_started_on: opt(r.developmentStarted),
        external_release_date: r.external ? day(r.external.date) : null,
        external_date_resolution: r.external?.resolution ?? null,
        parking_lot: r.parkingLot ? 1 : 0,
        parent_id: null,
        position: null,
        progress: null,
        progress_source: r.progressSource,
        duration_source: 'duration_manual',
        capacity_units: r.units,
        total_capacity: r.capacity ? estimate(r.capacity, r.units) : null,
        theme: r.theme ?? null,
        workflow_status_id: status('Release', r.status).id,
        owner_id: user(r.owner),
        created_by_id: adminId,
        status_changed_on: opt(r.start),
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: ReleaseIds = { id: row.id, seed: r, phases: new Map() };
    for (const [pos, ph] of (r.phases ?? []).entries()) {
      const start = day(ph.start);
      const end = ph.type === 'milestone' ? start : day(ph.end ?? ph.start);
      const phase = await trx
        .insertInto('release_phases')
        .values({
          release_id: row.id,
          name: ph.name,
          phase_type: ph.type,
          start_on: start,
          end_on: end,
          position: pos + 1,
          description: ph.description ?? null,
          progress: null,
          progress_source: ph.type === 'phase' ? 'progress_from_features' : 'progress_manual',
          duration_source: 'duration_manual',
          created_at: ts,
          updated_at: ts,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.phases.set(ph.name, { id: phase.id, start, end });
    }
    for (const index of r.initiatives ?? []) {
      await trx
        .insertInto('release_initiatives')
        .values({ release_id: row.id, initiative_id: at(initiatives, index, 'initiative') })
        .execute();
    }
    releases.push(ids);
  }

  // Epics: custom field definitions first, then each epic with its tags, watchers and values.
  const epicFields = new Map<string, number>();
  for (const [pos, cf] of (p.epicCustomFields ?? []).entries()) {
    const row = await trx
      .insertInto('custom_field_definitions')
      .values({
        product_id: productId,
        record_type: 'Epic',
        key: cf.key,
        name: cf.name,
        field_type: cf.type,
        options: JSON.stringify(cf.options ?? []),
        position: pos + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    epicFields.set(cf.key, row.id);
  }
  const epics: number[] = [];
  const epicPositions = new Map<number, number>();
  for (const [i, e] of p.epics.entries()) {
    const release = at(releases, e.release, 'release');
    const units = release.seed.units;
    const position = (epicPositions.get(release.id) ?? 0) + 1;
    epicPositions.set(release.id, position);
    const tags = [...new Set(e.tags ?? [])];
    const team = e.team ? must(teams, e.team, 'team') : null;
    const row = await trx
      .insertInto('epics')
      .values({
        product_id: productId,
        release_id: release.id,
        reference_num: epicKey(p.prefix, i + 1),
        name: e.name,
        workflow_status_id: status('Epic', e.status).id,
        position,
        description: e.description ?? null,
        created_by_id: adminId,
        assigned_to_id: user(e.assignee),
        tags: tags.join(','),
        start_date: e.start === undefined ? null : day(e.start),
        due_date: e.due === undefined ? null : day(e.due),
        initial_estimate: e.estimate ? estimate(e.estimate, units) : null,
        remaining_estimate: e.remaining ? estimate(e.remaining, units) : null,
        progress: e.progress ?? null,
        progress_source: e.progressSource ?? 'progress_manual',
        duration_source: e.durationSource ?? 'duration_manual',
        initiative_id: e.initiative === undefined ? null : at(initiatives, e.initiative, 'initiative'),
        team_id: team?.id ?? null,
        team_workflow_status_id: team ? ([...team.statuses.values()][0] ?? null) : null,
        status_changed_on: day(-(i % 5) - 1),
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (tags.length)
      await trx
        .insertInto('epic_tags')
        .values(tags.map((tag) => ({ epic_id: row.id, tag })))
        .execute();
    const watchers = [...new Set((e.watchers ?? []).map((w) => user(w)).filter((id): id is number => id !== null))];
    if (watchers.length) {
      await trx
        .insertInto('epic_watchers')
        .values(watchers.map((user_id) => ({ epic_id: row.id, user_id })))
        .execute();
    }
    for (const [key, value] of Object.entries(e.customFields ?? {})) {
      await trx
        .insertInto('custom_field_values')
        // No `updated_at`: the seed also fills databases made before migration 10 (storage.test.ts).
        .values({
          record_type: 'Epic',
          record_id: row.id,
          field_id: must(epicFields, key, 'epic custom field'),
          value: String(value),
        })
        .execute();
    }
    epics.push(row.id);
  }

  const featureIds: number[] = [];
  const positions = new Map<number, number>();
  for (const [i, f] of p.features.entries()) {
    const release = at(releases, f.release, 'release');
    const position = (positions.get(release.id) ?? 0) + 1;
    positions.set(release.id, position);
    featureIds.push(
      await insertFeature(trx, {
        p,
        f,
        number: i + 1,
        position,
        productId,
        release,
        kinds,
        teams,
        epics,
        initiatives,
        status,
        user,
        adminId,
        ts,
        day,
      }),
    );
  }

  await trx
    .updateTable('products')
    .set({
      next_feature_num: p.features.length + 1,
      next_release_num: p.releases.length + 1,
      next_epic_num: p.epics.length + 1,
      next_initiative_num: p.initiatives.length + 1,
      next_goal_num: p.goals.length + 1,
    })
    .where('id', '=', productId)
    .execute();

  // Computed progress and dates come from the one roll-up scheduler, as after any API write: one
  // flush, each record once, bottom-up.
  const records: [RollupKind, number][] = [
    ...featureIds.map((id): [RollupKind, number] => ['feature', id]),
    ...releases.flatMap((r) => [...r.phases.values()].map((phase): [RollupKind, number] => ['phase', phase.id])),
    ...releases.map((r): [RollupKind, number] => ['release', r.id]),
    ...epics.map((id): [RollupKind, number] => ['epic', id]),
    ...initiatives.map((id): [RollupKind, number] => ['initiative', id]),
  ];
  await recomputeRollups(trx, records);
}

/**
 * The quarter holding `today`, the next quarter and the next calendar year, named as a person would
 * ("Q4 2026", "Q1 2027", "2027"), so the demo's time frames always sit around the present.
 */
interface FeatureContext {
  p: ProductSeed;
  f: FeatureSeed;
  number: number;
  position: number;
  productId: number;
  release: ReleaseIds;
  kinds: Map<string, number>;
  teams: Map<string, TeamIds>;
  epics: number[];
  initiatives: number[];
  status: (type: string, name: string) => StatusIds;
  user: (key: UserKey | undefined) => number | null;
  adminId: number;
  ts: string;
  day: (offset: number) => string;
}

async function insertFeature(trx: Trx, x: FeatureContext): Promise<number> {
  const { f, release } = x;
  const units = release.seed.units;
  const featureStatus = x.status('Feature', f.status);
  const initial = f.estimate ? estimate(f.estimate, units) : null;
  const remaining = f.remaining !== undefined ? estimate(f.remaining, units) : featureStatus.complete && initial !== null ? 0 : initial;
  const reqs = (f.requirements ?? []).map(([name, st]) => ({ name, status: x.status('Requirement', st) }));
  // Starting values for progress; the roll-up recomputes them right after.
  const source = reqs.length ? 'progress_from_requirements' : initial !== null ? 'progress_from_remaining_estimate' : 'progress_manual';
  const progress =
    source === 'progress_from_requirements'
      ? progressFromCompletion(reqs.map((r) => ({ complete: r.status.complete })))
      : source === 'progress_from_remaining_estimate'
        ? progressFromRemaining({ initial, detailed: null, remaining })
        : featureStatus.complete
          ? 100
          : null;
  const phase = f.phase ? must(release.phases, f.phase, 'phase') : null;
  const team = f.team ? must(x.teams, f.team, 'team') : null;
  const ref = featureKey(x.p.prefix, x.number);
  const tags = [...new Set(f.tags)];

  const row = await trx
    .insertInto('features')
    .values({
      product_id: x.productId,
      release_id: release.id,
      reference_num: ref,
      name: f.name,
      position: x.position,
      workflow_kind_id: must(x.kinds, f.kind, 'feature kind'),
      workflow_status_id: featureStatus.id,
      description: f.description ?? `<p>${f.name}.</p>`,
      created_by_id: x.adminId,
      assigned_to_id: x.user(f.assignee),
      tags: tags.join(','),
      start_date: phase?.start ?? null,
      due_date: phase?.end ?? null,
      initial_estimate: initial,
      detailed_estimate: null,
      remaining_estimate: remaining,
      progress,
      progress_source: source,
      release_phase_id: phase?.id ?? null,
      initiative_id: f.initiative === undefined ? null : at(x.initiatives, f.initiative, 'initiative'),
      epic_id: f.epic === undefined ? null : at(x.epics, f.epic, 'epic'),
      team_id: team?.id ?? null,
      team_workflow_status_id: team && f.teamStatus ? must(team.statuses, f.teamStatus, 'team status') : null,
      iteration_id: team && f.iteration !== undefined ? at(team.iterations, f.iteration, 'iteration') : null,
      program_increment_id: team && f.increment !== undefined ? at(team.increments, f.increment, 'program increment') : null,
      next_requirement_num: reqs.length + 1,
      status_changed_on: x.day(-(x.number % 9)),
      created_at: x.ts,
      updated_at: x.ts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  if (tags.length)
    await trx
      .insertInto('feature_tags')
      .values(tags.map((tag) => ({ feature_id: row.id, tag })))
      .execute();
  const watchers = [...new Set((f.watchers ?? []).map((w) => x.user(w)).filter((id): id is number => id !== null))];
  if (watchers.length) {
    await trx
      .insertInto('feature_watchers')
      .values(watchers.map((user_id) => ({ feature_id: row.id, user_id })))
      .execute();
  }
  for (const [i, r] of reqs.entries()) {
    await trx
      .insertInto('requirements')
      .values({
        feature_id: row.id,
        reference_num: requirementKey(ref, i + 1),
        name: r.name,
        position: i + 1,
        workflow_status_id: r.status.id,
        description: null,
        assigned_to_id: x.user(f.assignee),
        created_by_id: x.adminId,
        start_date: null,
        end_date: null,
        created_at: x.ts,
        updated_at: x.ts,
      })
      .execute();
  }
  return row.id;
}
