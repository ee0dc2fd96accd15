// Placeholder: an epic's computed progress and dates (being written).
import type { Db } from './audit';

/** Recomputes an epic's progress and dates when their sources are not manual, then its initiative. */
export async function recomputeEpic(_db: Db, _epicId: number): Promise<void> {}
