// The sidebar's main navigation: the in-app way from one screen to another.
import { expect, type Locator, type Page } from '@playwright/test';

export type Section = 'Releases' | 'Features' | 'Board' | 'Epics' | 'Initiatives' | 'Goals' | 'Ideas' | 'Portals' | 'Notes' | 'Roadmap';

export class Nav {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('navigation', { name: 'Main' });
  }

  link(section: Section): Locator {
    return this.root.getByRole('link', { name: section, exact: true });
  }

  /** Opens a section and waits for its main heading. */
  async open(section: Section): Promise<void> {
    await this.link(section).click();
    await expect(this.page.getByRole('heading', { level: 1, name: section, exact: true })).toBeVisible();
  }
}

/** The screen's main heading (every screen has one h1). */
export const heading = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });

/** A progress bar by the record it measures ("Progress of <name>"). */
export const progressOf = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('progressbar', { name: `Progress of ${name}`, exact: true });

/** Chooses the option whose text contains `text` (labels carry keys and releases besides names). */
export async function chooseByText(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  expect(value, `an option containing "${text}"`).toBeTruthy();
  await select.selectOption(value ?? '');
}

/** Opens a feature's page the way a person does: Features in the sidebar, search (one word: the list's helper matches it in the URL), its link. */
export async function openFeature(
  page: Page,
  app: { nav: Nav; features: { search(text: string): Promise<void>; row(name: string): Locator } },
  name: string,
  search: string,
): Promise<void> {
  await app.nav.open('Features');
  await app.features.search(search);
  await app.features.row(name).click();
  await expect(heading(page, name)).toBeVisible();
}
