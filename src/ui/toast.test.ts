// @vitest-environment jsdom
// The toast: a plain one leaves after 5 s; one with an action (Undo) stays 10 s, waits while the
// pointer or focus is on it, is the next Tab stop after wherever focus is (once), gives focus back on
// Shift+Tab, Tab and Escape, and runs its action once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast } from './toast';

const toast = () => document.querySelector<HTMLElement>('#toast-region .toast');
const action = () => document.querySelector<HTMLElement>('#toast-region .toast__action');

function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

let origin: HTMLButtonElement;

beforeEach(() => {
  vi.useFakeTimers();
  origin = document.createElement('button');
  origin.textContent = 'Delete';
  document.body.append(origin);
  origin.focus();
});

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('a plain toast', () => {
  it('says its message politely a tick later and leaves after 5 s', async () => {
    showToast('Feature created');
    await vi.advanceTimersByTimeAsync(60);
    expect(toast()?.textContent).toBe('Feature created');
    expect(document.getElementById('toast-region')?.getAttribute('aria-live')).toBe('polite');
    await vi.advanceTimersByTimeAsync(5000);
    expect(toast()).toBeNull();
  });

  it('keeps the tone as a class, and the tone alone may stand for the options', async () => {
    showToast('The service is busy.', 'problem');
    await vi.advanceTimersByTimeAsync(60);
    expect(toast()?.className).toBe('toast toast--problem');
  });

  it('does not take Tab', async () => {
    showToast('Saved');
    await vi.advanceTimersByTimeAsync(60);
    expect(press('Tab').defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(origin);
  });
});

describe('a toast with an action', () => {
  async function showUndo(run = vi.fn()) {
    showToast('Deleted epic PLN-E-3 “Offline mode”.', { action: { label: 'Undo', run } });
    await vi.advanceTimersByTimeAsync(60);
    return run;
  }

  it('reads its message and its action, and stays 10 s', async () => {
    await showUndo();
    expect(toast()?.textContent).toBe('Deleted epic PLN-E-3 “Offline mode”.Undo');
    expect(action()?.tagName).toBe('BUTTON');
    await vi.advanceTimersByTimeAsync(9000);
    expect(toast()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1100);
    expect(toast()).toBeNull();
  });

  it('waits while the pointer is on it, and for a few seconds more after it leaves', async () => {
    await showUndo();
    await vi.advanceTimersByTimeAsync(8000);
    toast()?.dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(toast()).not.toBeNull();
    toast()?.dispatchEvent(new MouseEvent('mouseleave'));
    await vi.advanceTimersByTimeAsync(2500);
    expect(toast(), 'at least 3 s after a pause').not.toBeNull();
    await vi.advanceTimersByTimeAsync(600);
    expect(toast()).toBeNull();
  });

  it('is the next Tab stop once, waits while focused, and gives focus back on Shift+Tab and on Tab', async () => {
    await showUndo();
    expect(press('Tab').defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(action());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(toast(), 'kept while focus is in it').not.toBeNull();

    expect(press('Tab', { shiftKey: true }).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(origin);

    // Once visited, Tab outside the toast is the page's again.
    expect(press('Tab').defaultPrevented).toBe(false);
    action()?.focus();
    const forward = press('Tab');
    // Focus is put back where it was and the Tab goes on from there (the browser moves it next).
    expect(forward.defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(origin);
  });

  it('goes away with Escape, focus back where it was', async () => {
    await showUndo();
    press('Tab');
    expect(document.activeElement).toBe(action());
    press('Escape');
    expect(toast()).toBeNull();
    expect(document.activeElement).toBe(origin);
  });

  it('leaves Tab to an open modal dialog', async () => {
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    await showUndo();
    expect(press('Tab').defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(origin);
  });

  it('runs its action once, gone by then with focus back where it was', async () => {
    const run = vi.fn(() => {
      expect(toast()).toBeNull();
      expect(document.activeElement).toBe(origin);
    });
    await showUndo(run);
    press('Tab');
    action()?.click();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('is a link when it leads to a page: a plain click runs it, a modified click is the browser’s', async () => {
    const run = vi.fn();
    showToast('Restored epic PLN-E-3.', { action: { label: 'Open PLN-E-3', href: '/epics/PLN-E-3', run } });
    await vi.advanceTimersByTimeAsync(60);
    const link = action();
    expect(link?.getAttribute('href')).toBe('/epics/PLN-E-3');
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link?.dispatchEvent(modified);
    expect(run).not.toHaveBeenCalled();
    expect(modified.defaultPrevented).toBe(false);
    link?.click();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('is replaced by the next toast', async () => {
    await showUndo();
    showToast('Restoring…', 'busy');
    await vi.advanceTimersByTimeAsync(60);
    expect(toast()?.className).toBe('toast toast--busy');
    expect(action()).toBeNull();
    expect(press('Tab').defaultPrevented).toBe(false);
  });
});
