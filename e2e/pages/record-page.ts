// What the page objects of every record kind share: a record's page (its h1, its progress bar, the
// links in its main region), a record's form (fields found by their exact label, those most kinds
// carry already declared, the "Create/Save <kind>" button that lands on the record's page) and the
// moves between them (follow a link and wait for the page; open a form and wait for its Name field).
// A new kind's page objects declare their own labels and links on top of these.
import { expect, type Locator, type Page } from '@playwright/test';
import { heading, progressOf } from './nav';

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class RecordPage {
  constructor(readonly page: Page) {}

  /** The heading the page opens with for a record of this name (a key may stand before it). */
  protected title(name: string): string | RegExp {
    return name;
  }

  async expectOpen(name: string): Promise<void> {
    await expect(heading(this.page, this.title(name))).toBeVisible();
  }

  /** A progress bar on the page by the record it measures. */
  progress(name: string): Locator {
    return progressOf(this.page, name);
  }

  /** A link in the main region named exactly `name` (a related record, a row of a table). */
  protected mainLink(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }

  /** A link in the main region whose name holds `name` (links that carry a key besides the name). */
  protected mainLinkContaining(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: new RegExp(escapeRegExp(name)) });
  }
}

/** A list screen by its table (a region named like the list): a record's link and its progress in it. */
export class RecordTable {
  readonly table: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    this.table = page.getByRole('region', { name, exact: true });
  }

  link(name: string): Locator {
    return this.table.getByRole('link', { name, exact: true });
  }

  progress(name: string): Locator {
    return progressOf(this.table, name);
  }
}

type PageObject<T> = new (page: Page) => T;

/** Follows a link to a record and waits for its page. */
export async function openRecord<P extends RecordPage>(link: Locator, Kind: PageObject<P>, name: string): Promise<P> {
  await link.click();
  const record = new Kind(link.page());
  await record.expectOpen(name);
  return record;
}

/** Follows a link to a record form and waits for its Name field. */
export async function openForm<F extends { name: Locator }>(link: Locator, Kind: PageObject<F>): Promise<F> {
  await link.click();
  const form = new Kind(link.page());
  await expect(form.name).toBeVisible();
  return form;
}

export abstract class RecordForm<P extends RecordPage> {
  // The fields most kinds' forms carry (the kit's fields, labelled alike); a form without one finds none.
  readonly name: Locator;
  readonly status: Locator;
  readonly release: Locator;
  readonly initiative: Locator;
  readonly startDate: Locator;
  readonly progressSource: Locator;
  readonly progress: Locator;
  readonly durationSource: Locator;

  protected constructor(
    readonly page: Page,
    private readonly kind: string,
    private readonly RecordKind: PageObject<P>,
  ) {
    this.name = this.field('Name');
    this.status = this.field('Status');
    this.release = this.field('Release');
    this.initiative = this.field('Initiative');
    this.startDate = this.field('Start date');
    this.progressSource = this.field('Progress source');
    this.progress = this.field('Progress');
    this.durationSource = this.field('Duration source');
  }

  /** A field by its exact label. */
  protected field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The text of the option chosen in a select. */
  chosen(select: Locator): Locator {
    return select.locator('option:checked');
  }

  /** Sets progress by hand (the field shows only under manual progress). */
  async setManualProgress(percent: number): Promise<void> {
    await this.progressSource.selectOption('progress_manual');
    await expect(this.progress).toBeVisible();
    await this.progress.fill(String(percent));
  }

  /** A field the form refused, with the message shown for it. */
  async expectInvalid(field: Locator, message: string | RegExp): Promise<void> {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(this.page.getByText(message)).toBeVisible();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole('link', { name: 'Cancel' }).click();
  }

  /** Creates (or saves) and waits for the record's page. */
  submit(name: string): Promise<P> {
    const button = this.page.getByRole('button', { name: new RegExp(`^(Create|Save) ${this.kind}$`) });
    return openRecord(button, this.RecordKind, name);
  }
}
