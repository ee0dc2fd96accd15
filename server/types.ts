// Types the app, middleware and routes share. Kept apart from app.ts so routes do not import the
// module that imports them (no import cycle).
import type { Store } from './store/db';
import type { UserRow } from './store/schema';

export interface AppEnv {
  Variables: { user: UserRow; store: Store };
}
