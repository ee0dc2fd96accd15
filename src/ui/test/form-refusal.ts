// What the layout-drawn forms' tests check the same way: which fields the layout marks required, and
// a submit the form refuses with its error summary (each problem a "Label: message" link), so a kind's
// test states only its own fields and words.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The controls labelled `required` carry `aria-required="true"`; those labelled `optional` carry none. */
export function expectMarkedRequired(required: readonly string[], optional: readonly string[] = []): void {
  for (const label of required) expect(screen.getByLabelText(label).getAttribute('aria-required'), label).toBe('true');
  for (const label of optional) expect(screen.getByLabelText(label).getAttribute('aria-required'), label).toBeNull();
}

/** Clicks the submit button named `submitLabel` and expects the summary to list exactly `problems`, in order. */
export async function expectSubmitRefused(person: UserEvent, submitLabel: string, problems: readonly string[]): Promise<void> {
  await person.click(screen.getByRole('button', { name: submitLabel }));
  const count = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
  const summary = await screen.findByText(`The form could not be saved: ${count}`, { exact: false });
  expect(
    within(summary.parentElement!)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(problems);
}
