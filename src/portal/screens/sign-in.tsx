// Signing in to the portal (`/sign-in`): an email form that has a sign-in link sent, and the link
// itself (`/sign-in?token=…`), which is traded for a session at once — the token leaves the address
// before anything else happens — and then goes back to where the person was. The return address is
// kept in this browser while the email travels (the link opens in a new tab).
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import * as z from 'zod/mini';
import { PORTAL_EMAIL_MAX, viewerSchema } from '../../contract/portal-site';
import type { PortalInfo, Viewer } from '../../contract/portal-site';
import { errorText, PortalApiError, request } from '../api';
import { getBase, href, Link, navigate, PageHeading, safeReturn, useLocation } from '../router';
import { setViewer } from '../store';
import { Field, FormError, otherErrors, useDocumentTitle } from '../ui';

const sentSchema = z.object({ message: z.string() });
const sessionAnswer = z.object({ viewer: viewerSchema });

const RETURN_KEY = 'planner.portal.return';
/** A kept return address is good for as long as a sign-in link is (30 minutes), and a little more. */
const RETURN_TTL_MS = 60 * 60 * 1000;

export function rememberReturn(base: string, path: string): void {
  try {
    localStorage.setItem(RETURN_KEY, JSON.stringify({ base, path: safeReturn(path), at: Date.now() }));
  } catch {
    // Storage refused (private mode): the link comes back to the home page instead.
  }
}

export function takeReturn(base: string): string | null {
  try {
    const raw = localStorage.getItem(RETURN_KEY);
    localStorage.removeItem(RETURN_KEY);
    if (!raw) return null;
    const kept = z.safeParse(z.object({ base: z.string(), path: z.string(), at: z.number() }), JSON.parse(raw));
    if (!kept.success || kept.data.base !== base || Date.now() - kept.data.at > RETURN_TTL_MS) return null;
    return safeReturn(kept.data.path);
  } catch {
    return null;
  }
}

/** One redemption per token, even if the screen mounts twice (a token works once). */
const redeemed = new Map<string, Promise<Viewer>>();

function redeem(token: string): Promise<Viewer> {
  let p = redeemed.get(token);
  if (!p) {
    p = request('/session', sessionAnswer, { method: 'POST', json: { token }, own401: true }).then((a) => a.viewer);
    redeemed.set(token, p);
  }
  return p;
}

export function SignInForm({ returnTo, compact = false }: { returnTo: string; compact?: boolean }) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const fieldErrors = error instanceof PortalApiError ? error.fieldErrors : {};

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(new PortalApiError(422, 'Enter your email address', { email: ['must be an email address, like name@example.com'] }));
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const answer = await request('/sign_in', sentSchema, { method: 'POST', json: { email: email.trim() }, own401: true });
      rememberReturn(getBase(), returnTo);
      setSent(answer.message);
    } catch (err) {
      setError(err);
      if (err instanceof PortalApiError && err.fieldErrors.email) input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  if (sent) {
    return (
      <div className="card sign-in-sent" ref={doneRef} tabIndex={-1} role="status">
        <svg className="sent-glyph" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <rect x="6" y="11" width="36" height="26" rx="3" />
          <path d="m7 13 17 13 17-13" />
        </svg>
        <h2 className="section-title">Check your email for a sign-in link</h2>
        <p>{sent}</p>
        <p className="muted small">
          On this local service no email is sent: the link is written to the service log, and administrators see it on the portal&rsquo;s
          page in Planner.
        </p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setSent(null);
            window.setTimeout(() => input.current?.focus(), 0);
          }}
        >
          Use another email
        </button>
      </div>
    );
  }

  const problems = otherErrors(error, ['email']);
  return (
    <form className={`card sign-in-form${compact ? ' is-compact' : ''}`} onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Email" errors={fieldErrors.email} hint="We email you a link that signs you in; no password needed.">
        {(control) => (
          <input
            {...control}
            ref={input}
            type="email"
            className="input"
            autoComplete="email"
            maxLength={PORTAL_EMAIL_MAX}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <FormError problems={problems} />
      <button type="submit" className="button button-primary button-block" aria-disabled={pending || undefined}>
        {pending ? 'Sending…' : 'Email me a link to sign in'}
      </button>
    </form>
  );
}

export default function SignInScreen({ portal, viewer }: { portal: PortalInfo; viewer: Viewer | null }) {
  useDocumentTitle('Sign in', portal.title);
  const { params } = useLocation();
  // Read once: the token leaves the address straight away.
  const [token] = useState(() => params.get('token'));
  const returnTo = safeReturn(params.get('return'));
  const [phase, setPhase] = useState<'form' | 'redeeming' | 'failed'>(token ? 'redeeming' : 'form');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    const base = getBase();
    const back = params.get('return');
    // The token is spent by this visit: not in the history, not in a bookmark.
    window.history.replaceState(null, '', href(`/sign-in${back ? `?return=${encodeURIComponent(safeReturn(back))}` : ''}`));
    let live = true;
    redeem(token).then(
      (v) => {
        if (!live) return;
        setViewer(v);
        navigate(takeReturn(base) ?? safeReturn(back), { replace: true });
      },
      (err: unknown) => {
        if (!live) return;
        setProblem(
          err instanceof PortalApiError && err.status === 401
            ? 'This sign-in link has expired or was already used. Enter your email to get a new one.'
            : errorText(err),
        );
        setPhase('failed');
      },
    );
    return () => {
      live = false;
    };
    // Once, for the token the screen opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  if (phase === 'redeeming') {
    return (
      <div className="screen narrow sign-in-screen">
        <PageHeading className="screen-title">Signing you in…</PageHeading>
        <div className="card" role="status">
          <span className="spinner" aria-hidden="true" /> Checking your sign-in link.
        </div>
      </div>
    );
  }

  return (
    <div className="screen narrow sign-in-screen">
      <PageHeading className="screen-title">Sign in to {portal.title}</PageHeading>
      {viewer ? (
        <div className="card">
          <p>
            You are signed in as <strong>{viewer.name}</strong> ({viewer.email}).
          </p>
          <Link to={returnTo} className="button button-primary">
            Continue
          </Link>
        </div>
      ) : (
        <>
          <p className="lead">
            {portal.access_type === 'private'
              ? 'This portal is private: sign in with the email your invitation went to.'
              : 'Sign in to add ideas, vote, comment and follow the ideas you care about.'}
          </p>
          {problem ? (
            <div className="error-box" role="alert">
              <p className="error-title">That link did not work</p>
              <p>{problem}</p>
            </div>
          ) : null}
          <SignInForm returnTo={returnTo} />
        </>
      )}
    </div>
  );
}
