// Placeholder: computed progress of features, release phases and releases (being written).
import type { Db } from './audit';

/** Recomputes a feature's progress when its source is not manual. */
export async function recomputeFeature(_db: Db, _featureId: number): Promise<void> {}

/** Recomputes a release phase's progress (and dates when duration comes from features). */
export async function recomputePhase(_db: Db, _phaseId: number): Promise<void> {}

/** Recomputes a release's progress (and dates when duration comes from phases and features), then its parent's. */
export async function recomputeRelease(_db: Db, _releaseId: number): Promise<void> {}
