// @vitest-environment jsdom
// The delete confirmation: named by its title, cancels with Escape, confirms with its button.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('renders nothing visible when closed', () => {
    render(<ConfirmDialog open={false} title="Delete phase?" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('focuses Cancel, confirms with the button and cancels with Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog open title="Delete phase?" onConfirm={onConfirm} onCancel={onCancel} confirmLabel="Delete phase">
        Design will be removed.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete phase?' });
    expect(dialog).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete phase' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
