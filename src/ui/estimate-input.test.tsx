// @vitest-environment jsdom
// The estimate box as a person meets it: what was understood appears under it while typing, and
// text the parser refuses marks the box invalid with the reason attached to it.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CapacityUnits } from '../domain/estimate';
import { EstimateInput, estimateError } from './estimate-input';

afterEach(cleanup);

function Harness({ units, error }: { units: CapacityUnits; error?: string }) {
  const [value, setValue] = useState('');
  return <EstimateInput label="Initial estimate" units={units} value={value} onChange={setValue} error={error} />;
}

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('EstimateInput', () => {
  it('shows what it understood while typing a time estimate', async () => {
    const user = userEvent.setup();
    render(<Harness units="time" />);
    const input = screen.getByLabelText('Initial estimate');
    await user.type(input, '1d 2h');
    expect(screen.getByText('1d 2h = 10 h')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(describedText(input)).toContain('1d 2h = 10 h');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks "3x" invalid and links the parser message to the box', async () => {
    const user = userEvent.setup();
    render(<Harness units="time" />);
    const input = screen.getByLabelText('Initial estimate');
    await user.type(input, '3x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^"3x" is not an estimate/);
    expect(describedText(input)).toContain('"3x" is not an estimate');
  });

  it('refuses story points when the release is estimated in time', async () => {
    const user = userEvent.setup();
    render(<Harness units="time" />);
    const input = screen.getByLabelText('Initial estimate');
    await user.type(input, '5p');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      '"5p" is in story points, but this release is estimated in time (use min, h, d, w or m)',
    );
    expect(screen.queryByText(/= 5 points/)).toBeNull();
  });

  it('reads points under story points, and recovers when the text is fixed', async () => {
    const user = userEvent.setup();
    render(<Harness units="story_points" />);
    const input = screen.getByLabelText('Initial estimate');
    await user.type(input, '5x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    await user.type(input, '5p');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('5p = 5 points')).toBeTruthy();
  });

  it('shows an outside (service) message while the text itself parses', () => {
    render(<Harness units="time" error="is larger than the release capacity" />);
    const input = screen.getByLabelText('Initial estimate');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('is larger than the release capacity');
  });

  it('accepts empty text (it clears the estimate)', () => {
    expect(estimateError('', 'time')).toBeNull();
    expect(estimateError('   ', 'story_points')).toBeNull();
  });
});
