// A hand-written fake of the portal's API for the unit tests: answers by `METHOD /path` (the path
// under /portal/demo/api, without the query), records every call with its headers and body, and
// answers 404 to anything it was not told. Plus the data the tests share.
import { vi } from 'vitest';
import type { PortalIdea, PortalIdeaSummary, PortalInfo, PortalStatus, Viewer } from '../../contract/portal-site';
import { configurePortal } from '../boot';
import { resetSession } from '../store';

export const BASE = '/portal/demo';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = Answer | ((call: Call) => Answer | Promise<Answer>);

export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const prefix = `${BASE}/api`;
    if (!url.pathname.startsWith(prefix)) throw new Error(`unexpected fetch of ${url.pathname}`);
    const path = url.pathname.slice(prefix.length);
    const method = init.method ?? 'GET';
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: Call = { method, path, query: url.searchParams, body, headers: new Headers(init.headers), credentials: init.credentials };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const answer: Answer =
      handler === undefined
        ? { status: 404, body: { error: `No route for ${method} ${path}` } }
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
    const status = answer.status ?? 200;
    const headers = new Headers(answer.headers);
    if (answer.body !== undefined) headers.set('Content-Type', 'application/json');
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), { status, headers });
  });
  vi.stubGlobal('fetch', fetchFn);
  return {
    calls,
    fetch: fetchFn,
    /** The calls of one method and path. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    set: (key: string, handler: Handler) => {
      routes[key] = handler;
    },
  };
}

/** The portal at /portal/demo, at `path` inside it, with this session already read. */
export function startAt(path: string, session: { portal?: PortalInfo; viewer?: Viewer | null } = {}): void {
  window.history.replaceState(null, '', BASE + (path === '/' ? '' : path));
  configurePortal(BASE);
  resetSession({ status: 'ready', portal: session.portal ?? portal(), viewer: session.viewer === undefined ? viewer() : session.viewer });
}

export const OPEN: PortalStatus = { id: 's1', name: 'Under consideration', color: '#2563eb', complete: false };
export const SHIPPED: PortalStatus = { id: 's3', name: 'Shipped', color: '#16a34a', complete: true };

export function portal(over: Partial<PortalInfo> = {}): PortalInfo {
  return {
    key: 'demo',
    title: 'Demo ideas',
    color: '#0f766e',
    logo_url: null,
    access_type: 'public',
    votes_per_user: 10,
    votes_per_idea: 1,
    categories: [
      { id: 'c1', name: 'Mobile', parent_id: null },
      { id: 'c2', name: 'Offline', parent_id: 'c1' },
      { id: 'c3', name: 'Reports', parent_id: null },
    ],
    statuses: [OPEN, SHIPPED],
    ...over,
  };
}

export function viewer(over: Partial<Viewer> = {}): Viewer {
  return {
    id: 'u1',
    email: 'ava@northwind.example',
    name: 'Ava Lindqvist',
    employee: false,
    csrf_token: 'csrf-123',
    votes_held: 2,
    votes_cap: 10,
    unread_notifications: 1,
    ...over,
  };
}

export function summary(over: Partial<PortalIdeaSummary> = {}): PortalIdeaSummary {
  return {
    id: '12',
    reference_num: 'PLN-I-12',
    name: 'Offline mode for the app',
    excerpt: 'Work on the train without a connection.',
    votes: 7,
    comments_count: 2,
    status: OPEN,
    categories: [{ id: 'c2', name: 'Offline' }],
    created_at: '2026-03-01T10:00:00Z',
    mine: false,
    my_votes: 0,
    ...over,
  };
}

export function idea(over: Partial<PortalIdea> = {}): PortalIdea {
  return {
    ...summary(),
    description_html: '<p>Let me <strong>work offline</strong>.</p>',
    admin_response: null,
    created_by_name: 'Ben Okafor',
    subscribed: false,
    promoted_to: null,
    attachments: [],
    vote_refusal: null,
    ...over,
  };
}

export function page(ideas: PortalIdeaSummary[], over: { total_pages?: number; current_page?: number } = {}) {
  return {
    ideas,
    pagination: { total_records: ideas.length, total_pages: over.total_pages ?? 1, current_page: over.current_page ?? 1 },
  };
}
