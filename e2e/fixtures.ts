// The end-to-end test: Playwright's `test` extended with what every story starts from — a typed
// client of the planning API (`api`), the demo workspace the records go into (`workspace`), a name
// suffix unique to the test (`uniq`), a page already signed in to that workspace (`page`; opt out
// with `test.use({ signedIn: false })`), the screens as page objects (`app`), and a goal ← initiative
// ← epic ← features chain created through the API for the story (`chain`, only built when asked for),
// and `restore`: what a story changes in the shared demo account is put back after it, pass, fail or
// time out, in time of its own (a story's `finally` runs out of the story's time, and the next
// stories then stand on what it left).
import { test as base, expect, type Page } from '@playwright/test';
import { PlannerApi, type Product } from './api';
import { buildChain, type Chain } from './data';
import { E2E_TOKEN } from './env';
import { EpicForm, EpicPage, EpicsList } from './pages/epic-page';
import { FeatureBoard } from './pages/feature-board';
import { FeatureForm, FeaturePage, FeaturesList } from './pages/feature-page';
import { GoalPage, GoalsList } from './pages/goal-page';
import { IdeaForm, IdeaPage, IdeasList, PortalUsersPage } from './pages/idea-page';
import { InitiativeForm, InitiativePage, InitiativesList } from './pages/initiative-page';
import { Nav, heading } from './pages/nav';
import { NotesScreen } from './pages/notes-page';
import { ReleaseForm, ReleasePage, ReleasesList } from './pages/release-page';
import { Roadmap } from './pages/roadmap';
import { SignInPage } from './pages/sign-in-page';

/** Every screen as a page object on the same page. */
export interface App {
  signIn: SignInPage;
  nav: Nav;
  releases: ReleasesList;
  releaseForm: ReleaseForm;
  release: ReleasePage;
  features: FeaturesList;
  featureForm: FeatureForm;
  feature: FeaturePage;
  board: FeatureBoard;
  epics: EpicsList;
  epicForm: EpicForm;
  epic: EpicPage;
  initiatives: InitiativesList;
  initiativeForm: InitiativeForm;
  initiative: InitiativePage;
  goals: GoalsList;
  goal: GoalPage;
  ideas: IdeasList;
  ideaForm: IdeaForm;
  idea: IdeaPage;
  portalUsers: PortalUsersPage;
  notes: NotesScreen;
  roadmap: Roadmap;
}

export const appOn = (page: Page): App => ({
  signIn: new SignInPage(page),
  nav: new Nav(page),
  releases: new ReleasesList(page),
  releaseForm: new ReleaseForm(page),
  release: new ReleasePage(page),
  features: new FeaturesList(page),
  featureForm: new FeatureForm(page),
  feature: new FeaturePage(page),
  board: new FeatureBoard(page),
  epics: new EpicsList(page),
  epicForm: new EpicForm(page),
  epic: new EpicPage(page),
  initiatives: new InitiativesList(page),
  initiativeForm: new InitiativeForm(page),
  initiative: new InitiativePage(page),
  goals: new GoalsList(page),
  goal: new GoalPage(page),
  ideas: new IdeasList(page),
  ideaForm: new IdeaForm(page),
  idea: new IdeaPage(page),
  portalUsers: new PortalUsersPage(page),
  notes: new NotesScreen(page),
  roadmap: new Roadmap(page),
});

/** The demo workspace that holds the demo data (the API cannot create workspaces). */
const DEMO_WORKSPACE = 'PLN';
/** Where the app remembers the last used workspace, so sign-in lands in the one the test uses. */
const WORKSPACE_KEY = 'planner.workspace';

interface Options {
  signedIn: boolean;
}

/** Undo steps a story registers as it changes shared state; run after the story, last first. */
export interface Restore {
  after(what: string, undo: () => Promise<void>): void;
}

/** The time the undo steps have after a story, apart from the story's own (which may be spent). */
const RESTORE_TIMEOUT_MS = 60_000;

interface Fixtures {
  restore: Restore;
  api: PlannerApi;
  workspace: Product;
  uniq: string;
  app: App;
  chain: Chain;
}

let counter = 0;

// Fixture setups hand their value on through `provide` (Playwright's `use`; named so React's hook rule
// does not mistake it for React's `use`).
export const test = base.extend<Fixtures & Options>({
  signedIn: [true, { option: true }],

  api: async ({ request }, provide) => {
    await provide(new PlannerApi(request));
  },

  // Automatic, so it is set up before the page and torn down after it: a story cut off by its
  // timeout cannot click on after its changes were put back.
  restore: [
    async ({ api: _api }, provide) => {
      const steps: { what: string; undo: () => Promise<void> }[] = [];
      await provide({ after: (what, undo) => void steps.push({ what, undo }) });
      const failed: string[] = [];
      for (const step of steps.reverse()) {
        try {
          await step.undo();
        } catch (err) {
          failed.push(`${step.what}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      if (failed.length > 0) throw new Error(`shared state not put back:\n${failed.join('\n')}`);
    },
    { auto: true, timeout: RESTORE_TIMEOUT_MS },
  ],

  workspace: async ({ api }, provide) => {
    await provide(await api.product(DEMO_WORKSPACE));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  uniq: async ({}, provide) => {
    counter += 1;
    await provide(`${Date.now().toString(36).slice(-5).toUpperCase()}${counter}`);
  },

  page: async ({ page, signedIn, workspace }, provide) => {
    if (signedIn) {
      const signIn = new SignInPage(page);
      await signIn.open();
      await page.evaluate(([key, id]) => localStorage.setItem(key, id), [WORKSPACE_KEY, workspace.id] as const);
      await signIn.signInWith(E2E_TOKEN);
      await expect(heading(page, 'Releases')).toBeVisible();
      // Sign-in may pick another workspace than the remembered one; the story happens in this one.
      if (!new URL(page.url()).pathname.startsWith(`/w/${workspace.id}/`)) {
        await page.goto(`/w/${workspace.id}/releases`);
        await expect(heading(page, 'Releases')).toBeVisible();
      }
    }
    await provide(page);
  },

  app: async ({ page }, provide) => {
    await provide(appOn(page));
  },

  chain: async ({ api, workspace, uniq }, provide) => {
    await provide(await buildChain(api, workspace.id, uniq));
  },
});

/**
 * Saves a full-page screenshot under test-results/screens for a person to look at, when E2E_SHOTS is
 * set (`E2E_SHOTS=1 node scripts/e2e.mjs`): each costs about a second, so plain runs skip them.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export { expect };
