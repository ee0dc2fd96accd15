// The signed-in session (access token + server URL) kept in localStorage, with a tiny subscription so
// the app can send the person back to sign-in when the service says the token is no longer good.

export interface Session {
  token: string;
  /** Origin of the planning service without a trailing slash; '' means the app's own origin. */
  serverUrl: string;
}

const SESSION_KEY = 'planner.session';
const NOTICE_KEY = 'planner.session-notice';

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

// Cached so useSyncExternalStore gets the same object until the session really changes.
let cached: Session | null | undefined;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when disabled by the browser's privacy settings.
    return null;
  }
}

function readStored(): Session | null {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const token = 'token' in value ? value.token : undefined;
    const serverUrl = 'serverUrl' in value ? value.serverUrl : '';
    if (typeof token !== 'string' || token === '') return null;
    return { token, serverUrl: typeof serverUrl === 'string' ? serverUrl : '' };
  } catch {
    return null;
  }
}

/** Removes a trailing slash and whitespace; '' stays '' (same origin). */
export function normaliseServerUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

export function getSession(): Session | null {
  if (cached === undefined) cached = readStored();
  return cached;
}

export function setSession(session: Session): void {
  const next = { token: session.token.trim(), serverUrl: normaliseServerUrl(session.serverUrl) };
  storage()?.setItem(SESSION_KEY, JSON.stringify(next));
  storage()?.removeItem(NOTICE_KEY);
  cached = next;
  notify();
}

/**
 * Forgets the session. `notice` is shown once on the sign-in screen (e.g. why the person was sent
 * there); a plain sign-out passes none.
 */
export function clearSession(notice?: string): void {
  const s = storage();
  s?.removeItem(SESSION_KEY);
  if (notice) s?.setItem(NOTICE_KEY, notice);
  else s?.removeItem(NOTICE_KEY);
  const hadSession = cached !== null;
  cached = null;
  if (hadSession) notify();
}

/** Why the last session ended, when it ended on its own (expired or revoked token). */
export function getSessionNotice(): string | null {
  return storage()?.getItem(NOTICE_KEY) ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notify(): void {
  const current = getSession();
  for (const listener of listeners) listener(current);
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY) return;
    cached = readStored();
    notify();
  });
}
