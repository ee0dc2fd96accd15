// Reads of the account records (products, users, workflows, feature kinds, teams) and their wire
// shapes; these records are created by the seed, so the API only lists and shows them.
import type { Product, Team, User, Workflow, WorkflowKind } from '../../src/contract/account';
import type { STATUSABLE_TYPES } from '../../src/contract/account';
import type { Paging } from '../problems';
import type { Db } from './audit';
import type { ProductRow, TeamRow, UserRow } from './schema';
import { listPage } from './pages';
import type { Page } from './pages';
import { containsText } from './resolve';
import { links, projectRef, statusRef } from './serialize';
import type { ProjectRef } from '../../src/contract/common';

export function productBody(p: ProductRow, origin: string): Product {
  // The record as other records embed it (`project`), with its own change time and API address.
  const { url, resource } = links(origin, 'products', p.reference_prefix);
  return { ...(projectRef(p, origin) as ProjectRef), updated_at: p.updated_at, url, resource };
}

export function userBody(u: UserRow): User {
  return {
    id: String(u.id),
    name: u.name,
    email: u.email,
    created_at: u.created_at,
    updated_at: u.updated_at,
    administrator: u.administrator === 1,
    enabled: u.enabled === 1,
  };
}

export async function listProducts(
  db: Db,
  p: Paging,
  updatedSince: string | undefined,
): Promise<Page<ProductRow>> {
  let q = db.selectFrom('products');
  if (updatedSince) q = q.where('updated_at', '>', updatedSince);
  return listPage(db, q, p, (page) => page.selectAll().orderBy('name').orderBy('id'));
}

export async function listUsers(db: Db, p: Paging, search: string | undefined): Promise<Page<UserRow>> {
  let q = db.selectFrom('users');
  if (search) {
    q = q.where((eb) => eb.or([containsText('name', search), containsText('email', search)]));
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
  return {
    total,
    rows: rows.map((w) => ({
      id: String(w.id),
      name: w.name,
      statusable_type: w.statusable_type as (typeof STATUSABLE_TYPES)[number],
      workflow_statuses: statuses.filter((s) => s.workflow_id === w.id).map(statusRef),
    })),
  };
}

export async function listWorkflowKinds(db: Db, productId: number, p: Paging): Promise<Page<WorkflowKind>> {
  const base = db.selectFrom('workflow_kinds').where('product_id', '=', productId);
  const { rows, total } = await listPage(db, base, p, (page) => page.selectAll().orderBy('id'));
  return { total, rows: rows.map((k) => ({ id: String(k.id), name: k.name })) };
}

/** Teams of a product, or of the whole account when productId is null. */
export async function listTeams(db: Db, productId: number | null, p: Paging): Promise<Page<Team>> {
  let base = db.selectFrom('teams');
  if (productId !== null) base = base.where('product_id', '=', productId);
  const { rows, total } = await listPage(db, base, p, (page) => page.selectAll().orderBy('name').orderBy('id'));
  return { total, rows: await teamBodies(db, rows) };
}

/** Teams with their statuses, sprints and program increments, loaded in three queries. */
export async function teamBodies(db: Db, teams: TeamRow[]): Promise<Team[]> {
  const ids = teams.map((t) => t.id);
  if (ids.length === 0) return [];
  const [statuses, iterations, pis] = await Promise.all([
    db
      .selectFrom('team_workflow_statuses')
      .selectAll()
      .where('team_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('iterations')
      .selectAll()
      .where('team_id', 'in', ids)
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('program_increments')
      .selectAll()
      .where('team_id', 'in', ids)
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
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
  }));
}
