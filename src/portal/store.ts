// The portal's state in two small stores. The session: the portal (title, colour, categories,
// statuses) and the viewer (or nobody) with their votes and unread count, read once at start and
// replaced by every answer that carries a fresher viewer (a vote, signing in). The answers: every
// GET a screen made, by its path, shown at once when a screen comes back and refreshed behind it;
// after a vote or a comment the ideas in every kept answer take the new numbers, so the list, the
// idea page and the roadmap agree without a reload.
import { useEffect, useSyncExternalStore } from 'react';
import type * as z from 'zod/mini';
import { portalHomeSchema } from '../contract/portal-site';
import type { PortalIdeaSummary, PortalInfo, Viewer } from '../contract/portal-site';
import { PortalApiError, request } from './api';

// ---------------------------------------------------------------------------------------------
// The session

export interface Session {
  status: 'loading' | 'ready' | 'error';
  portal: PortalInfo | null;
  viewer: Viewer | null;
  error: PortalApiError | null;
}

let session: Session = { status: 'loading', portal: null, viewer: null, error: null };
const sessionListeners = new Set<() => void>();

function setSession(next: Session): void {
  session = next;
  for (const l of sessionListeners) l();
}

function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

const sessionSnapshot = () => session;

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, sessionSnapshot, sessionSnapshot);
}

export function getSession(): Session {
  return session;
}

/** Reads the portal and the viewer (at start, and again when the tab comes back). */
export async function loadSession(): Promise<void> {
  try {
    const home = await request('', portalHomeSchema, { own401: true });
    const changedViewer = session.viewer?.id !== home.viewer?.id;
    setSession({ status: 'ready', portal: home.portal, viewer: home.viewer, error: null });
    if (changedViewer) refreshAll();
  } catch (err) {
    // A refresh that fails keeps what is on screen; only the first read shows the error.
    if (session.status !== 'ready') {
      setSession({
        ...session,
        status: 'error',
        error: err instanceof PortalApiError ? err : new PortalApiError(0, 'Something went wrong; try again.'),
      });
    }
  }
}

/** A fresher viewer (a vote's answer, signing in or out): the whole page follows. */
export function setViewer(viewer: Viewer | null): void {
  const changedPerson = session.viewer?.id !== viewer?.id;
  setSession({ ...session, viewer });
  if (changedPerson) refreshAll();
}

export function patchViewer(patch: Partial<Viewer>): void {
  if (!session.viewer) return;
  setSession({ ...session, viewer: { ...session.viewer, ...patch } });
}

/** For tests: the session as given. */
export function resetSession(next: Partial<Session> = {}): void {
  session = { status: 'loading', portal: null, viewer: null, error: null, ...next };
  entries.clear();
  for (const l of sessionListeners) l();
  notify();
}

// ---------------------------------------------------------------------------------------------
// The answers

interface Entry {
  schema: z.ZodMiniType;
  data: unknown;
  error: unknown;
  loading: boolean;
  users: number;
  /** Which fetch is the latest: an older one finishing late is dropped. */
  generation: number;
  used: number;
}

const entries = new Map<string, Entry>();
const MAX_ENTRIES = 40;
let version = 0;
const listeners = new Set<() => void>();

function notify(): void {
  version += 1;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const versionSnapshot = () => version;

function fetchEntry(path: string, entry: Entry): void {
  entry.generation += 1;
  const generation = entry.generation;
  entry.loading = true;
  notify();
  request(path, entry.schema).then(
    (data) => {
      if (entry.generation !== generation) return;
      entry.data = data;
      entry.error = null;
      entry.loading = false;
      notify();
    },
    (err: unknown) => {
      if (entry.generation !== generation) return;
      entry.error = err;
      entry.loading = false;
      notify();
    },
  );
}

function trim(): void {
  if (entries.size <= MAX_ENTRIES) return;
  const idle = [...entries].filter(([, e]) => e.users === 0).sort((a, b) => a[1].used - b[1].used);
  for (const [path] of idle.slice(0, entries.size - MAX_ENTRIES)) entries.delete(path);
}

export interface Resource<T> {
  /** The latest answer (kept while a refresh runs). */
  data: T | undefined;
  error: unknown;
  /** A read is under way (the first, or a refresh). */
  loading: boolean;
  reload: () => void;
}

/** The answer of GET `path` (null: nothing to read yet), read on mount and kept for the next visit. */
export function useResource<S extends z.ZodMiniType>(path: string | null, schema: S): Resource<z.output<S>> {
  useSyncExternalStore(subscribe, versionSnapshot, versionSnapshot);
  useEffect(() => {
    if (path === null) return;
    let entry = entries.get(path);
    if (!entry) {
      entry = { schema, data: undefined, error: null, loading: false, users: 0, generation: 0, used: 0 };
      entries.set(path, entry);
    }
    entry.users += 1;
    entry.used = Date.now();
    // Shown at once if kept; read again behind it, so a screen is never stale for long.
    if (!entry.loading) fetchEntry(path, entry);
    trim();
    const held = entry;
    return () => {
      held.users -= 1;
    };
    // The schema is fixed per path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  const entry = path === null ? undefined : entries.get(path);
  return {
    data: entry?.data as z.output<S> | undefined,
    error: entry?.error ?? null,
    loading: path !== null && (!entry || entry.loading),
    reload: () => {
      if (path === null) return;
      const e = entries.get(path);
      if (e) fetchEntry(path, e);
    },
  };
}

/** Reads again every answer a screen shows; forgets the others (someone signed in or out). */
export function refreshAll(): void {
  invalidate(() => true);
}

/** Reads again the kept answers whose path matches (shown ones now, the rest when next shown). */
export function invalidate(match: (path: string) => boolean): void {
  for (const [path, entry] of [...entries]) {
    if (!match(path)) continue;
    if (entry.users > 0) fetchEntry(path, entry);
    else entries.delete(path);
  }
  notify();
}

/** Rewrites every kept answer (the new numbers of an idea after a vote). */
export function updateCached(change: (data: unknown, path: string) => unknown): void {
  for (const [path, entry] of entries) {
    if (entry.data !== undefined) entry.data = change(entry.data, path);
  }
  notify();
}

type WithId = { id: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `data` with every idea of that id (a list's, a page's, a roadmap column's) changed by `change`. */
export function mapIdeas(data: unknown, id: string, change: <T extends WithId>(idea: T) => T): unknown {
  if (!isRecord(data)) return data;
  const each = (list: unknown) =>
    Array.isArray(list) ? list.map((item: unknown) => (isRecord(item) && item.id === id ? change(item as WithId) : item)) : list;
  let next = data;
  if (Array.isArray(data.ideas)) next = { ...next, ideas: each(data.ideas) };
  if (isRecord(data.idea) && data.idea.id === id) next = { ...next, idea: change(data.idea as WithId) };
  if (Array.isArray(data.columns)) {
    next = { ...next, columns: data.columns.map((col: unknown) => (isRecord(col) ? { ...col, ideas: each(col.ideas) } : col)) };
  }
  return next;
}

/** An idea's new numbers (a vote's answer) everywhere it is shown. */
export function applyIdeaSummary(summary: PortalIdeaSummary): void {
  const { votes, my_votes, comments_count, status } = summary;
  updateCached((data) => mapIdeas(data, summary.id, (idea) => ({ ...idea, votes, my_votes, comments_count, status })));
}

/** Changes one idea wherever it is shown (a comment's count, a subscription). */
export function patchIdea(id: string, patch: Record<string, unknown> | ((idea: Record<string, unknown>) => Record<string, unknown>)): void {
  updateCached((data) =>
    mapIdeas(data, id, (idea) => ({
      ...idea,
      ...(typeof patch === 'function' ? patch(idea as unknown as Record<string, unknown>) : patch),
    })),
  );
}
