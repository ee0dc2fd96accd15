// The app's one QueryClient. Its caches are where a 401 turns into "sign in again" (the client only
// throws, the session is cleared here, and the signed-in layout notices and leaves for sign-in), and
// where every write refreshes what it can have changed: the MutationCache applies the invalidation
// graph of src/api/keys.ts to each mutation's `meta.kind`.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../api/client';
import { invalidateAfterMutation } from '../api/mutations';
import { clearSession, getSession } from '../api/session';
import { showToast } from '../ui/toast';

export const SESSION_ENDED_MESSAGE = 'Your session has ended — sign in again';

function onError(error: ApiError): void {
  if (error.status === 401 && getSession()) clearSession(SESSION_ENDED_MESSAGE);
  // The client has already waited and retried: say so wherever the screen shows (or hides) errors.
  if (error.status === 429) showToast(error.message, 'problem');
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError,
      // Returned, so the mutation stays pending until the active queries it touched have refetched.
      onSettled: (_data, error, _variables, _context, mutation) => invalidateAfterMutation(client, mutation, error),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; network blips and 5xx might.
        retry: (failures, error) => (error.status === 0 || error.status >= 500) && failures < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
