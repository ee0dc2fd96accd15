// Numbers that follow a change without a reload: a product manager reads an epic, its initiative,
// its goal, the initiatives and goals lists and the roadmap; sets one feature's progress by hand; and
// comes back to each of those screens through the app's own links. Every screen shows the numbers
// the service computed after the edit, not the ones it showed before (which the app had cached).
import type { Locator } from '@playwright/test';
import type { Chain } from './data';
import { expect, test, type App } from './fixtures';
import type { PlannerApi } from './api';

/** A progress bar shows `progress` (rounded, as the screens draw it). */
async function expectProgress(bar: Locator, progress: number | null): Promise<void> {
  expect(progress, 'the service computed a progress').not.toBeNull();
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(progress ?? 0)));
}

interface Numbers {
  epic: number | null;
  initiative: number | null;
  goal: number | null;
}

async function numbers(api: PlannerApi, chain: Chain): Promise<Numbers> {
  const [epic, initiative, goal] = await Promise.all([
    api.epic(chain.epic.id),
    api.initiative(chain.initiative.id),
    api.goal(chain.goal.id),
  ]);
  return { epic: epic.progress, initiative: initiative.progress, goal: goal.progress };
}

/** Walks every screen that shows the chain's numbers, by in-app links only, checking each. */
async function readEverywhere(app: App, chain: Chain, n: Numbers, fromFeature: boolean): Promise<void> {
  const { epic, initiative, goal } = chain;
  if (fromFeature) {
    // From the feature just edited, back to its epic.
    await app.feature.epicLink(epic.name).click();
  } else {
    await app.nav.open('Epics');
    await app.epics.link(epic.name).click();
  }
  await app.epic.expectOpen(epic.name);
  await expectProgress(app.epic.progress(epic.name), n.epic);

  await app.epic.initiativeLink(initiative.name).click();
  await app.initiative.expectOpen(initiative.name);
  await expectProgress(app.initiative.progress(initiative.name), n.initiative);

  await app.initiative.goalLink(goal.name).click();
  await app.goal.expectOpen(goal.name);
  await expectProgress(app.goal.progress(goal.name), n.goal);

  await app.nav.open('Initiatives');
  await expectProgress(app.initiatives.progress(initiative.name), n.initiative);

  await app.nav.open('Goals');
  await expectProgress(app.goals.progress(goal.name), n.goal);

  await app.nav.open('Roadmap');
  await app.roadmap.expectProgress('Epics', epic.name, Math.round(n.epic ?? 0));
  await app.roadmap.expectProgress('Initiatives', initiative.name, Math.round(n.initiative ?? 0));
}

test('a feature set to 90% by hand shows its new numbers on its epic, initiative, goal, the lists and the roadmap without a reload', async ({
  app,
  api,
  chain,
}) => {
  const feature = chain.byRequirements;
  // The story starts from known numbers: one of three requirements done, 60% by hand, one shipped.
  expect(Math.round(feature.progress ?? -1)).toBe(33);
  expect(chain.manual.progress).toBe(60);
  const before = await numbers(api, chain);

  // Every screen is read once, so the app holds its numbers.
  await readEverywhere(app, chain, before, false);

  // Epic → feature → edit: progress by hand, 90%.
  await app.nav.open('Epics');
  await app.epics.openEpic(chain.epic.name);
  await expectProgress(app.epic.featureProgress(feature.name), feature.progress);
  const page = await app.epic.openFeature(feature.name);
  const form = await page.edit();
  await form.setManualProgress(90);
  await form.submit(feature.name);
  await expectProgress(app.feature.progress(feature.name), 90);

  // The service moved every number up the chain.
  const after = await numbers(api, chain);
  const shipped = 100;
  const expectedEpic = (90 + (chain.manual.progress ?? 0) + shipped) / 3;
  expect(Math.round(after.epic ?? -1)).toBe(Math.round(expectedEpic));
  expect(Math.round(after.initiative ?? -1), 'the initiative follows its one epic').toBe(Math.round(after.epic ?? -1));
  expect(Math.round(after.goal ?? -1), 'the goal follows its one initiative').toBe(Math.round(after.initiative ?? -1));
  for (const key of ['epic', 'initiative', 'goal'] as const) {
    expect(Math.round(after[key] ?? -1), `${key} progress changed`).not.toBe(Math.round(before[key] ?? -1));
  }

  // Back through the app's links: the epic's own table and every screen show the new numbers.
  await readEverywhere(app, chain, after, true);
  await app.nav.open('Epics');
  await app.epics.openEpic(chain.epic.name);
  await expectProgress(app.epic.featureProgress(feature.name), 90);
  await expectProgress(app.epic.progress(chain.epic.name), after.epic);
});
