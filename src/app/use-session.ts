// React view of the stored session: components re-render when it is set or cleared (401, sign-out,
// another tab).
import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from '../api/session';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
