// Placeholder: an initiative's computed progress and dates (being written).
import type { Db } from './audit';

/** Recomputes an initiative's progress and dates when their sources are not manual, then its parent's. */
export async function recomputeInitiative(_db: Db, _initiativeId: number): Promise<void> {}
