// @vitest-environment jsdom
// Stored HTML is shown only after sanitising: scripts and handlers never reach the page.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HtmlView } from './html-view';

afterEach(cleanup);

describe('HtmlView', () => {
  it('keeps formatting and drops scripts and event handlers', () => {
    const { container } = render(
      <HtmlView html={'<p><strong>Bold</strong> plan</p><script>alert(1)</script><img src="x" onerror="alert(2)">'} />,
    );
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('shows the empty text when there is nothing to show', () => {
    render(<HtmlView html={'<script>x</script>'} emptyText="No theme yet." />);
    expect(screen.getByText('No theme yet.')).toBeTruthy();
  });
});
