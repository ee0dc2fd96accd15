// Types the app, middleware and routes share. Kept apart from app.ts so routes do not import the
// module that imports them (no import cycle).
import type { Store } from './store/db';
import type { UserRow } from './store/schema';

export interface AppEnv {
  /** `origin`: the public URL's origin, set by the host check, that every link is built on. */
  Variables: { user: UserRow; store: Store; origin: string };
}
