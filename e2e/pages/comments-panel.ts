// The comments panel of a record page: its heading (with the count), the composer (a rich-text box
// with @-mentions), the threads, and each comment's actions — found by role and name, as a person
// reading the screen would find them.
import { expect, type Locator, type Page } from '@playwright/test';

export class CommentsPanel {
  readonly region: Locator;
  readonly composer: Locator;
  readonly mentionList: Locator;

  constructor(
    readonly page: Page,
    title = 'Comments',
  ) {
    this.region = page.getByRole('region', { name: new RegExp(`^${title}( \\(\\d+\\))?$`) });
    this.composer = this.region.getByRole('textbox', { name: 'Write a comment', exact: true });
    this.mentionList = this.region.getByRole('listbox', { name: 'People to mention' });
  }

  /** Every comment (top-level and replies) whose text holds `text`. */
  comment(text: string | RegExp): Locator {
    return this.region.getByRole('article').filter({ hasText: text });
  }

  /** The replies list under a comment by its author. */
  replies(author: string): Locator {
    return this.region.getByRole('list', { name: `Replies to ${author}` });
  }

  /** Puts the cursor in the composer: a plain box at rest, it becomes the editor (focused) when clicked. */
  async focusComposer(): Promise<void> {
    await this.composer.click();
    await expect(this.composer).toHaveAttribute('contenteditable', 'true');
    await expect(this.composer).toBeFocused();
  }

  /** Writes into the composer and posts with Ctrl+Enter. */
  async post(text: string): Promise<void> {
    await this.focusComposer();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Control+Enter');
    await expect(this.comment(text)).toBeVisible();
  }

  /** Starts a mention: types `@query` and waits for the list of people. */
  async startMention(query: string): Promise<Locator> {
    await this.page.keyboard.type(`@${query}`);
    await expect(this.mentionList).toBeVisible();
    return this.mentionList.getByRole('option');
  }

  async order(which: 'Newest first' | 'Oldest first'): Promise<void> {
    const button = this.region.getByRole('button', { name: which, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** The top-level comments' texts, in the order shown. */
  async topLevelTexts(): Promise<string[]> {
    return this.region.locator('.comments__thread > article').allInnerTexts();
  }
}
