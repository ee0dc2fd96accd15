// Records the stories start from, created through the API: a goal served by an initiative whose
// progress comes from its epic, whose progress comes from three features of known progress (one
// from its requirements, one set by hand, one shipped). Dates sit around today so every record is
// on the roadmap.
import type { Epic, Feature, Goal, Initiative, PlannerApi, Release } from './api';

export interface Chain {
  release: Release;
  goal: Goal;
  initiative: Initiative;
  epic: Epic;
  /** Progress from its requirements: one of three done. */
  byRequirements: Feature;
  /** Progress set by hand: 60%. */
  manual: Feature;
  /** In a complete status: counts as 100% in its epic. */
  shipped: Feature;
}

/** A day `offset` days from today (UTC), as YYYY-MM-DD. */
export const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function buildChain(api: PlannerApi, productId: string, uniq: string): Promise<Chain> {
  const release = await api.createRelease(productId, {
    name: `Sync release ${uniq}`,
    start_date: day(-20),
    release_date: day(60),
  });
  const initiative = await api.createInitiative(productId, {
    name: `Work offline ${uniq}`,
    workflow_status: { name: 'On track' },
    progress_source: 'progress_from_epics',
    duration_source: 'duration_from_features_epics',
  });
  const goal = await api.createGoal(productId, {
    name: `Keep field teams productive ${uniq}`,
    progress_source: 'progress_from_initiatives',
    initiatives: [initiative.id],
  });
  const epic = await api.createEpic(release.id, {
    name: `Offline mode ${uniq}`,
    initiative: initiative.id,
    progress_source: 'progress_from_features',
    duration_source: 'duration_from_features',
  });
  const inEpic = { epic: epic.id, start_date: day(-10), due_date: day(40) };
  const byRequirements = await api.createFeature(release.id, {
    name: `Offline sync ${uniq}`,
    workflow_status: { name: 'In development' },
    progress_source: 'progress_from_requirements',
    ...inEpic,
  });
  for (const [name, status] of [
    ['Queue edits', 'Done'],
    ['Resolve conflicts', 'In progress'],
    ['Show sync state', 'New'],
  ] as const) {
    await api.createRequirement(byRequirements.id, { name, workflow_status: { name: status } });
  }
  const manual = await api.createFeature(release.id, {
    name: `Offline maps ${uniq}`,
    workflow_status: { name: 'In development' },
    progress_source: 'progress_manual',
    progress: 60,
    ...inEpic,
  });
  const shipped = await api.createFeature(release.id, {
    name: `Offline banner ${uniq}`,
    workflow_status: { name: 'Shipped' },
    ...inEpic,
  });
  // Read back after every write, so the chain carries the numbers the service computed.
  return {
    release,
    goal: await api.goal(goal.id),
    initiative: await api.initiative(initiative.id),
    epic: await api.epic(epic.id),
    byRequirements: await api.feature(byRequirements.id),
    manual: await api.feature(manual.id),
    shipped: await api.feature(shipped.id),
  };
}
