// Reads of the account records (products, users, workflows, feature kinds, teams) and their wire
// shapes, in the hosted service's shape (issue 10). Products are also made and changed through the
// API (store/products.ts); users, workflows and teams come from the seed.
import { HOSTED_CAPACITY_UNITS, PRODUCT_WORKFLOW_MEMBERS } from '../../src/contract/account';
import type { Me, Product, ProductRole, ProductWorkflowRef, Team, User, Workflow, WorkflowKind } from '../../src/contract/account';
import type { STATUSABLE_TYPES } from '../../src/contract/account';
import type { Paging } from '../problems';
import type { Db } from './audit';
import type { ProductRow, TeamRow, UserRow } from './schema';
import { listPage } from './pages';
import type { Page } from './pages';
import { prepared } from './prepared';
import { containsText } from './resolve';
import { rowsById } from './row-cache';
import { noteId } from './note-ids';
import { links, projectRef, statusRef, userHead } from './serialize';
import type { ProjectRef } from '../../src/contract/common';

/** The members a product list item has by default: the hosted list's, and our change time and address. */
export const PRODUCT_COMPACT_FIELDS = [
  'id',
  'reference_prefix',
  'name',
  'product_line',
  'created_at',
  'url',
  'workspace_type',
  'updated_at',
  'resource',
] as const;

type CompactProduct = Pick<Product, (typeof PRODUCT_COMPACT_FIELDS)[number]>;

/** A product list item: the record as other records embed it (`project`), with its change time and API address. */
export function productBody(p: ProductRow, origin: string): CompactProduct {
  const { url, resource } = links(origin, 'products', p.reference_prefix);
  return { ...(projectRef(p, origin) as ProjectRef), updated_at: p.updated_at, url, resource };
}

// The workflows of a page of products, in one query (a product show is a page of one).
const workflowsOfProducts = prepared((db, productIds: number[]) =>
  db.selectFrom('workflows').select(['id', 'product_id', 'name', 'statusable_type']).where('product_id', 'in', productIds),
);

/** `Feature` → `feature`, `StrategicImperative` → `strategic_imperative`. */
const snakeCase = (type: string): string => type.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase();

/** Whole products in the hosted shape; their workflows are read in one query for all of them. */
export async function productBodies(db: Db, rows: readonly ProductRow[], origin: string): Promise<Product[]> {
  if (rows.length === 0) return [];
  const workflows = await workflowsOfProducts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((p) => {
    const byType = new Map<string, ProductWorkflowRef>();
    for (const w of workflows) {
      if (w.product_id !== p.id) continue;
      byType.set(w.statusable_type, {
        workflow_type: snakeCase(w.statusable_type),
        id: String(w.id),
        name: w.name,
        statusable_type: w.statusable_type,
      });
    }
    const workflowMembers = Object.fromEntries(
      Object.entries(PRODUCT_WORKFLOW_MEMBERS).map(([member, type]) => [member, byType.get(type) ?? null]),
    ) as { [K in keyof typeof PRODUCT_WORKFLOW_MEMBERS]: ProductWorkflowRef | null };
    const id = String(p.id);
    return {
      ...productBody(p, origin),
      product_line_type: null,
      // The hosted note of a product; the text is a column of the product (store/note-ids.ts).
      description:
        p.description === null || p.description === ''
          ? null
          : {
              id: noteId('Project', p.id),
              body: p.description,
              notable_id: id,
              notable_type: 'Project',
              editor_version: 2,
              created_at: p.created_at,
              updated_at: p.updated_at,
              attachments: [],
            },
      children: [],
      custom_fields: [],
      screen_definition_ids: null,
      screen_definitions: [],
      has_ideas: false,
      has_master_features: true,
      has_epics: true,
      ...workflowMembers,
      capacity_planning_enabled: true,
      enhanced_capacity_planning_enabled: false,
      // A release made without `capacity_units` plans in time (store/releases.ts).
      default_capacity_units: HOSTED_CAPACITY_UNITS.time,
      color: null,
      // Workspaces are not made from templates here.
      project_template_id: null,
    };
  });
}

/** One whole product. */
export async function wholeProduct(db: Db, row: ProductRow, origin: string): Promise<Product> {
  const [body] = await productBodies(db, [row], origin);
  if (!body) throw new Error(`Product ${row.id} has no body`);
  return body;
}

// Every product's id and name, for the users' `product_roles`: one query per answer, whatever the page.
const productNames = prepared((db) => db.selectFrom('products').select(['id', 'name']).orderBy('id'));

/**
 * A user's roles per product. Roles are account-wide here: an administrator owns every product
 * (hosted role 20, Owner), a member creates and changes records in every product (30,
 * Contributor); a disabled user has none.
 */
function productRoles(u: UserRow, products: readonly { id: number; name: string }[]): ProductRole[] {
  if (u.enabled !== 1) return [];
  const [role, role_description] = u.administrator === 1 ? [20, 'Owner'] : [30, 'Contributor'];
  return products.map((p) => ({ role, role_description, product_id: String(p.id), product_name: p.name }));
}

function userBody(u: UserRow, products: readonly { id: number; name: string }[]): User {
  const admin = u.administrator === 1;
  const enabled = u.enabled === 1;
  return {
    ...userHead(u),
    administrator: admin,
    enabled,
    timezone: null,
    accessed_at: null,
    product_roles: productRoles(u, products),
    user_roles: [],
    paid_seat: enabled,
    roadmaps_seat: enabled,
    develop_seat: false,
    administrator_roles: {
      administer_account: admin,
      administer_billing: admin,
      administer_configuration: admin,
    },
    identity_provider: null,
  };
}

/** Users in the hosted shape; the products their roles name are read once for all of them. */
export async function userBodies(db: Db, users: readonly UserRow[]): Promise<User[]> {
  if (users.length === 0) return [];
  const products = await productNames(db);
  return users.map((u) => userBody(u, products));
}

/** `GET /me`: the user, and the hosted `preferences` and `accounts`, which this service does not keep. */
export async function meBody(db: Db, u: UserRow): Promise<Me> {
  const [user] = await userBodies(db, [u]);
  if (!user) throw new Error(`User ${u.id} has no body`);
  return { ...user, preferences: null, accounts: [] };
}

export async function listProducts(db: Db, p: Paging, updatedSince: string | undefined): Promise<Page<ProductRow>> {
  let q = db.selectFrom('products');
  if (updatedSince) q = q.where('updated_at', '>', updatedSince);
  return listPage(db, q, p, (page) => page.selectAll().orderBy('name').orderBy('id'));
}

export async function listUsers(db: Db, p: Paging, search: string | undefined): Promise<Page<UserRow>> {
  let q = db.selectFrom('users');
  if (search) {
    q = q.where((eb) => eb.or([containsText(db, 'name', search), containsText(db, 'email', search)]));
  }
  return listPage(db, q, p, (page) => page.selectAll().orderBy('name').orderBy('id'));
}

export async function listWorkflows(db: Db, productId: number, p: Paging): Promise<Page<Workflow>> {
  const base = db.selectFrom('workflows').where('product_id', '=', productId);
  const { rows, total } = await listPage(db, base, p, (page) => page.selectAll().orderBy('id'));
  const ids = rows.map((r) => r.id);
  const statuses = ids.length
    ? await db
        .selectFrom('workflow_statuses')
        .selectAll()
        .where('workflow_id', 'in', ids)
        .orderBy('workflow_id')
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  // The product's feature kinds are the record types of its Feature workflow (hosted `workflow_kinds`).
  const kinds = rows.some((w) => w.statusable_type === 'Feature')
    ? await db.selectFrom('workflow_kinds').select(['id', 'name']).where('product_id', '=', productId).orderBy('id').execute()
    : [];
  return {
    total,
    rows: rows.map((w) => ({
      id: String(w.id),
      name: w.name,
      statusable_type: w.statusable_type as (typeof STATUSABLE_TYPES)[number],
      transitions_only: false,
      workflow_statuses: statuses.filter((s) => s.workflow_id === w.id).map(statusRef),
      workflow_kinds: w.statusable_type === 'Feature' ? kinds.map((k) => ({ id: String(k.id), name: k.name })) : [],
    })),
  };
}

export async function listWorkflowKinds(db: Db, productId: number, p: Paging): Promise<Page<WorkflowKind>> {
  const base = db.selectFrom('workflow_kinds').where('product_id', '=', productId);
  const { rows, total } = await listPage(db, base, p, (page) => page.selectAll().orderBy('id'));
  return { total, rows: rows.map((k) => ({ id: String(k.id), name: k.name })) };
}

/** Teams of a product, or of the whole account when productId is null. */
export async function listTeams(db: Db, productId: number | null, p: Paging): Promise<Page<TeamRow>> {
  let base = db.selectFrom('teams');
  if (productId !== null) base = base.where('product_id', '=', productId);
  return listPage(db, base, p, (page) => page.selectAll().orderBy('name').orderBy('id'));
}

/**
 * Teams with their statuses, sprints, program increments and products, loaded in four queries (the
 * products usually from memory: store/row-cache.ts).
 */
export async function teamBodies(db: Db, teams: TeamRow[], origin: string): Promise<Team[]> {
  const ids = teams.map((t) => t.id);
  if (ids.length === 0) return [];
  const productIds = [...new Set(teams.flatMap((t) => (t.product_id === null ? [] : [t.product_id])))];
  const [statuses, iterations, pis, products] = await Promise.all([
    db.selectFrom('team_workflow_statuses').selectAll().where('team_id', 'in', ids).orderBy('position').orderBy('id').execute(),
    db.selectFrom('iterations').selectAll().where('team_id', 'in', ids).orderBy('start_date').orderBy('id').execute(),
    db.selectFrom('program_increments').selectAll().where('team_id', 'in', ids).orderBy('start_date').orderBy('id').execute(),
    rowsById(db, 'products', productIds),
  ]);
  return teams.map((t) => ({
    id: String(t.id),
    name: t.name,
    reference_prefix: t.reference_prefix,
    product_id: t.product_id === null ? null : String(t.product_id),
    color: t.color,
    created_at: t.created_at,
    updated_at: t.updated_at,
    team_workflow_statuses: statuses.filter((s) => s.team_id === t.id).map(statusRef),
    iterations: iterations
      .filter((i) => i.team_id === t.id)
      .map((i) => ({
        id: String(i.id),
        name: i.name,
        start_date: i.start_date,
        end_date: i.end_date,
        team_id: String(t.id),
      })),
    program_increments: pis
      .filter((pi) => pi.team_id === t.id)
      .map((pi) => ({
        id: String(pi.id),
        name: pi.name,
        reference_num: pi.reference_num,
        start_date: pi.start_date,
        end_date: pi.end_date,
        team_id: String(t.id),
      })),
    // Membership is not stored: no members, and the count computed from them.
    team_members_count: 0,
    automatically_calculate_team_members_count: true,
    capacity: null,
    hourly_rate: null,
    start_date: null,
    end_date: null,
    schedule: null,
    project: t.product_id === null ? null : projectRef(products.get(t.product_id), origin),
    custom_fields: [],
    team_members: null,
  }));
}
