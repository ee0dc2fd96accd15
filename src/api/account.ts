// The account records every screen leans on: who is signed in, the workspaces (products), users,
// workflows and their statuses, feature kinds and teams. Fetchers + queryOptions factory.
import { MAX_PER_PAGE } from '../contract/common';
import {
  meEnvelope,
  productEnvelope,
  productPage,
  teamPage,
  userPage,
  workflowKindPage,
  workflowPage,
  type STATUSABLE_TYPES,
  type Workflow,
} from '../contract/account';
import type { WorkflowStatus } from '../contract/common';
import { apiGet, type RequestOptions } from './client';
import { keys } from './keys';
import { readQuery, seg } from './records';

export async function fetchMe(options: RequestOptions = {}) {
  return (await apiGet('/me', meEnvelope, undefined, options)).user;
}

export async function fetchProducts(signal?: AbortSignal) {
  return apiGet('/products', productPage, { per_page: MAX_PER_PAGE }, { signal });
}

export async function fetchProduct(productId: string, signal?: AbortSignal) {
  return (await apiGet(`/products/${seg(productId)}`, productEnvelope, undefined, { signal })).product;
}

export async function fetchUsers(signal?: AbortSignal) {
  return apiGet('/users', userPage, { per_page: MAX_PER_PAGE }, { signal });
}

export async function fetchWorkflows(productId: string, signal?: AbortSignal) {
  return (await apiGet(`/products/${seg(productId)}/workflows`, workflowPage, { per_page: MAX_PER_PAGE }, { signal }))
    .workflows;
}

export async function fetchWorkflowKinds(productId: string, signal?: AbortSignal) {
  return (
    await apiGet(`/products/${seg(productId)}/workflow_kinds`, workflowKindPage, { per_page: MAX_PER_PAGE }, { signal })
  ).workflow_kinds;
}

export async function fetchTeams(productId: string, signal?: AbortSignal) {
  return (await apiGet(`/products/${seg(productId)}/teams`, teamPage, { per_page: MAX_PER_PAGE }, { signal })).teams;
}

// Account data changes rarely; a few minutes of freshness saves a request on every screen.
const SLOW = 5 * 60_000;

export const accountQueries = {
  all: keys.account.all,
  me: () => readQuery(keys.account.me(), (signal) => fetchMe({ signal }), SLOW),
  products: () => readQuery(keys.account.products(), (signal) => fetchProducts(signal), SLOW),
  product: (productId: string) => readQuery(keys.account.product(productId), (signal) => fetchProduct(productId, signal), SLOW),
  users: () => readQuery(keys.account.users(), (signal) => fetchUsers(signal), SLOW),
  workflows: (productId: string) =>
    readQuery(keys.account.workflows(productId), (signal) => fetchWorkflows(productId, signal), SLOW),
  workflowKinds: (productId: string) =>
    readQuery(keys.account.workflowKinds(productId), (signal) => fetchWorkflowKinds(productId, signal), SLOW),
  teams: (productId: string) => readQuery(keys.account.teams(productId), (signal) => fetchTeams(productId, signal), SLOW),
};

export type StatusableType = (typeof STATUSABLE_TYPES)[number];

/** Statuses of the product's workflow for one record kind, in workflow order ([] when none). */
export function statusesFor(workflows: readonly Workflow[] | undefined, type: StatusableType): WorkflowStatus[] {
  const workflow = workflows?.find((w) => w.statusable_type === type);
  return workflow ? [...workflow.workflow_statuses].sort((a, b) => a.position - b.position) : [];
}
