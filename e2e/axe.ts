// The accessibility check the specs share: axe over what the page shows now (WCAG 2.0/2.1 A and AA),
// failing on any serious or critical violation with the rules and how many nodes break each.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/** No serious or critical axe violation on the page as it is; `what` names the state in the failure. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? '')).map((v) => `${v.id} (${v.nodes.length})`);
  expect(blocking, `serious or critical axe violations on ${what}`).toEqual([]);
}
