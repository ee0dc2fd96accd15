// Sign-in: an access token (and optionally another server), checked with GET /me before it is
// kept, so a wrong token is reported next to the token field instead of failing later.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { accountQueries, fetchMe } from '../../api/account';
import { ApiError } from '../../api/client';
import { getSession, getSessionNotice, normaliseServerUrl, setSession } from '../../api/session';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { safeNext } from '../guard';

export function loader({ request }: LoaderFunctionArgs) {
  // Already signed in: nothing to do here.
  if (getSession()) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

const signInSchema = z.object({
  token: z.string().trim().min(1, 'Enter your access token'),
  serverUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), 'must start with http:// or https://'),
});
type SignInValues = z.infer<typeof signInSchema>;

export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [notice] = useState(getSessionNotice);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { token: '', serverUrl: '' } });

  const submit = handleSubmit(async ({ token, serverUrl }) => {
    setFormError(null);
    const session = { token, serverUrl: normaliseServerUrl(serverUrl) };
    try {
      const user = await fetchMe({ session });
      setSession(session);
      queryClient.clear();
      queryClient.setQueryData(accountQueries.me().queryKey, user);
      navigate(safeNext(searchParams.get('next')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        setError('token', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 0 && serverUrl) {
        setError('serverUrl', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        setFormError(error instanceof Error ? error.message : 'Sign-in failed. Try again.');
      }
    }
  });

  return (
    <div className="auth-page">
      <title>Sign in · Planner</title>
      <main className="auth-card">
        <span className="brand">
          <img className="brand__mark" src="/favicon.svg" alt="" />
          Planner
        </span>
        <form className="card stack" onSubmit={(event) => void submit(event)} noValidate>
          <h1>Sign in</h1>
          {notice ? (
            <p className="notice" role="status">
              {notice}
            </p>
          ) : null}
          <FormError messages={formError} title="Could not sign in" />
          <TextField
            label="Access token"
            type="password"
            required
            autoComplete="current-password"
            autoFocus
            registration={register('token')}
            error={errors.token?.message}
            hint={
              <>
                A personal API token for the planning service. Whoever runs the service makes one with{' '}
                <code className="nowrap">npm run token -- you@example.com</code>.
              </>
            }
          />
          <TextField
            label="Server URL (optional)"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://planner.example.com"
            registration={register('serverUrl')}
            error={errors.serverUrl?.message}
            hint={
              <>
                The planning service to sign in to. Leave it empty for the one serving this page (
                {window.location.origin}); fill it in only to reach a service elsewhere.
              </>
            }
          />
          <Button type="submit" variant="primary" pending={isSubmitting} pendingLabel="Signing in…">
            Sign in
          </Button>
        </form>
      </main>
    </div>
  );
}
