// Ideas: the workspace's list, the idea form, the idea page with its merge dialog, and a portal's
// users (the administrator's table), as page objects on the shared RecordPage/RecordForm.
import { expect, type Locator, type Page } from '@playwright/test';
import { heading } from './nav';
import { RecordForm, RecordPage, RecordTable, openForm, openRecord } from './record-page';

export class IdeasList extends RecordTable {
  constructor(page: Page) {
    super(page, 'Ideas');
  }

  startNew(): Promise<IdeaForm> {
    return openForm(this.page.getByRole('link', { name: 'New idea' }).first(), IdeaForm);
  }

  openIdea(name: string): Promise<IdeaPage> {
    return openRecord(this.link(name), IdeaPage, name);
  }
}

export class IdeaForm extends RecordForm<IdeaPage> {
  readonly createdBy = this.field('Created by');
  readonly initialVotes = this.field('Initial votes');
  readonly visibility = this.field('Visibility');

  constructor(page: Page) {
    super(page, 'idea', IdeaPage);
  }
}

export class IdeaPage extends RecordPage {
  readonly votes: Locator;
  readonly voters: Locator;
  readonly duplicates: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    super(page);
    this.votes = page.getByRole('region', { name: 'Votes', exact: true });
    this.voters = page.getByRole('region', { name: /^Voters/ });
    this.duplicates = page.getByRole('region', { name: /^Duplicates/ });
    this.dialog = page.getByRole('dialog');
  }

  /** The big number of the Votes card, as read aloud ("7 votes"). */
  voteCount(n: number): Locator {
    return this.votes.getByLabel(`${n} votes`, { exact: true });
  }

  /** Opens "Add vote" and fills the proxy vote; the caller confirms (or expects a refusal). */
  async fillVote(email: string, value: number): Promise<void> {
    await this.voters.getByRole('button', { name: 'Add vote' }).click();
    const email_ = this.dialog.getByLabel('Voter email');
    await expect(email_).toBeFocused();
    await email_.fill(email);
    await this.dialog.getByLabel('Votes', { exact: true }).fill(String(value));
  }

  async confirmVote(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Add vote' }).click();
  }

  /** Opens "Promote…" and chooses what the idea becomes (and, for a feature or epic, a release by its label). */
  async startPromote(type: 'Feature' | 'Epic' | 'Initiative'): Promise<void> {
    await this.page.getByRole('button', { name: 'Promote…' }).click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('radio', { name: type, exact: true }).check();
  }

  /** A linked idea in the main region (the survivor, a duplicate), by its name. */
  ideaLink(name: string): Locator {
    return this.mainLinkContaining(name);
  }

  /** Opens "Merge into…", types `text` and waits for the suggestion naming `target`. */
  async searchDuplicate(text: string, target: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Merge into…' }).click();
    const box = this.dialog.getByRole('combobox', { name: 'Idea it duplicates' });
    await expect(box).toBeFocused();
    await box.pressSequentially(text, { delay: 20 });
    const option = this.dialog.getByRole('option', { name: new RegExp(target) });
    await expect(option).toBeVisible();
    return option;
  }
}

export class PortalUsersPage extends RecordTable {
  readonly form = this.page.getByRole('form', { name: 'Add portal user' });

  constructor(page: Page) {
    super(page, 'Portal users');
  }

  async expectOpen(title: string): Promise<void> {
    await expect(heading(this.page, `${title}: portal users`)).toBeVisible();
  }

  row(email: string): Locator {
    return this.table.getByRole('row').filter({ hasText: email });
  }

  enabledSwitch(email: string): Locator {
    return this.table.getByRole('switch', { name: `Enabled: ${email}` });
  }
}
