// @vitest-environment jsdom
// Progress is readable without seeing the bar: the value is on the progressbar and as text.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from './pager';
import { ProgressBar } from './progress-bar';

afterEach(cleanup);

describe('ProgressBar', () => {
  it('exposes the rounded, clamped value', () => {
    render(<ProgressBar value={41.6} label="Release progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Release progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
  });

  it('says when there is no progress yet', () => {
    render(<ProgressBar value={null} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('No progress yet');
  });
});

describe('Pager', () => {
  it('shows the position and disables moves past either end', () => {
    render(<Pager pagination={{ current_page: 1, total_pages: 3, total_records: 61 }} onPageChange={() => {}} noun="releases" />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('61 releases')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Previous/ }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Next/ }).disabled).toBe(false);
  });
});
