// A short message that outlives the screen that raised it ("Feature created", "Deleted epic PLN-E-3"):
// the form or page may navigate away at once, so the message lives in one polite live region on
// <body>, not in the screen's tree. A plain toast never takes focus or blocks clicks and leaves after
// 5 s. A toast may carry one action (Undo, Open): it then stays 10 s, paused while the pointer is on
// it or focus is in it, and is reached by keyboard as the next Tab stop after wherever focus is —
// one Tab in, Tab again to carry on from where one was (Shift+Tab or Escape goes straight back).
import './toast.css';

const REGION_ID = 'toast-region';
const SHOW_MS = 5000;
/** Long enough to read a sentence and decide to undo it. */
export const ACTION_SHOW_MS = 10_000;
/** After a pause, at least this long again, so a toast does not vanish as the pointer leaves it. */
const RESUME_MIN_MS = 3000;

/** `busy` is a step on the way ("Restoring…"), not an outcome. */
export type ToastTone = 'done' | 'problem' | 'busy';

export interface ToastAction {
  label: string;
  /** Runs on activation. The toast is gone by then; focus is back where it was before the toast. */
  run: () => void;
  /** Given, the action is a link (to a page): a plain click runs `run`, a modified click opens it as links do. */
  href?: string;
}

export interface ToastOptions {
  tone?: ToastTone;
  action?: ToastAction;
  /** How long it stays; 10 s with an action, else 5 s. */
  durationMs?: number;
}

interface Shown {
  el: HTMLElement;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Time left when the timer runs again after a pause. */
  remaining: number;
  startedAt: number;
  hovered: boolean;
  focused: boolean;
  /** Where focus was when Tab brought it into the toast; where it goes back to. */
  returnTo: HTMLElement | null;
  /** Tab has brought focus in once: later Tabs outside the toast are left alone. */
  visited: boolean;
  cleanup: () => void;
}

let shown: Shown | null = null;
let insertTimer: ReturnType<typeof setTimeout> | undefined;

/** The one live region; created on first use and kept, so screen readers are already listening. */
function region(): HTMLElement {
  const existing = document.getElementById(REGION_ID);
  if (existing) return existing;
  const el = document.createElement('div');
  el.id = REGION_ID;
  el.className = 'toast-region';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  el.setAttribute('aria-atomic', 'true');
  document.body.append(el);
  return el;
}

function toneClass(tone: ToastTone): string {
  return tone === 'done' ? 'toast' : `toast toast--${tone}`;
}

const CONTROLS = 'a[href], button:not([disabled])';

function controlsOf(el: HTMLElement): HTMLElement[] {
  return Array.from(el.querySelectorAll<HTMLElement>(CONTROLS));
}

/** A modal dialog keeps Tab to itself (src/ui/confirm-dialog.tsx): the toast does not reach into it. */
const modalOpen = (): boolean => document.querySelector('dialog[open]') !== null;

function start(s: Shown, ms: number): void {
  clearTimeout(s.timer);
  s.startedAt = Date.now();
  s.remaining = ms;
  s.timer = setTimeout(dismissToast, ms);
}

function pause(s: Shown): void {
  if (s.timer === undefined) return;
  clearTimeout(s.timer);
  s.timer = undefined;
  s.remaining -= Date.now() - s.startedAt;
}

function resume(s: Shown): void {
  if (s.hovered || s.focused || s.timer !== undefined) return;
  start(s, Math.max(s.remaining, RESUME_MIN_MS));
}

/** Where focus goes back to when it leaves the toast, if that place is still on the page. */
function backTo(s: Shown): HTMLElement | null {
  return s.returnTo?.isConnected ? s.returnTo : null;
}

function onKeyDown(event: KeyboardEvent): void {
  const s = shown;
  if (!s) return;
  const active = document.activeElement;
  const inside = active instanceof Node && s.el.contains(active);
  if (event.key === 'Escape' && inside) {
    event.preventDefault();
    const back = backTo(s);
    dismissToast();
    back?.focus();
    return;
  }
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = controlsOf(s.el);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (inside) {
    const back = backTo(s);
    if (!back) return;
    if (event.shiftKey && active === first) {
      event.preventDefault();
      back.focus();
    } else if (!event.shiftKey && active === last) {
      // Focus goes back without preventing the Tab: the browser then moves on from there, as if
      // the toast had been one stop right after it.
      back.focus();
    }
    return;
  }
  if (event.shiftKey || s.visited || modalOpen()) return;
  event.preventDefault();
  s.visited = true;
  s.returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
  first.focus();
}

function build(message: string, tone: ToastTone, action: ToastAction | undefined): HTMLElement {
  if (!action) {
    const toast = document.createElement('p');
    toast.className = toneClass(tone);
    toast.textContent = message;
    return toast;
  }
  const toast = document.createElement('div');
  toast.className = `${toneClass(tone)} toast--actionable`;
  const text = document.createElement('p');
  text.className = 'toast__message';
  text.textContent = message;
  const control: HTMLElement = document.createElement(action.href ? 'a' : 'button');
  control.className = 'toast__action';
  control.textContent = action.label;
  if (control instanceof HTMLAnchorElement && action.href) control.href = action.href;
  if (control instanceof HTMLButtonElement) control.type = 'button';
  control.addEventListener('click', (event) => {
    // A link opened in a new tab or window leaves this page (and its toast) as it is.
    if (control instanceof HTMLAnchorElement && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey))
      return;
    event.preventDefault();
    const s = shown;
    const back = s && s.el.contains(document.activeElement) ? backTo(s) : null;
    dismissToast();
    back?.focus();
    action.run();
  });
  toast.append(text, control);
  return toast;
}

function attach(el: HTMLElement, durationMs: number): Shown {
  const s: Shown = {
    el,
    timer: undefined,
    remaining: durationMs,
    startedAt: Date.now(),
    hovered: false,
    focused: false,
    returnTo: null,
    visited: false,
    cleanup: () => undefined,
  };
  const enter = () => {
    s.hovered = true;
    pause(s);
  };
  const leave = () => {
    s.hovered = false;
    resume(s);
  };
  const focusIn = () => {
    s.focused = true;
    pause(s);
  };
  const focusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && el.contains(event.relatedTarget)) return;
    s.focused = false;
    resume(s);
  };
  el.addEventListener('mouseenter', enter);
  el.addEventListener('mouseleave', leave);
  el.addEventListener('focusin', focusIn);
  el.addEventListener('focusout', focusOut);
  document.addEventListener('keydown', onKeyDown, true);
  s.cleanup = () => document.removeEventListener('keydown', onKeyDown, true);
  start(s, durationMs);
  return s;
}

/**
 * Shows `message` and has it read out politely. The second argument is the tone (`problem` marks a
 * failure, not a success) or the options: an action (Undo) and how long it stays.
 */
export function showToast(message: string, options: ToastTone | ToastOptions = 'done'): void {
  if (typeof document === 'undefined') return;
  const { tone = 'done', action, durationMs } = typeof options === 'string' ? { tone: options } : options;
  const el = region();
  dismissToast();
  clearTimeout(insertTimer);
  // A change made in the same frame the region appears may go unannounced, so the text comes a
  // tick later than the (possibly new) region.
  insertTimer = setTimeout(() => {
    // The document may be gone by then (a test's jsdom torn down after its last toast).
    if (typeof document === 'undefined') return;
    const toast = build(message, tone, action);
    el.replaceChildren(toast);
    shown = attach(toast, durationMs ?? (action ? ACTION_SHOW_MS : SHOW_MS));
  }, 50);
}

/** Takes the toast away now (Escape in it, an action run, the next toast). */
export function dismissToast(): void {
  const s = shown;
  if (!s) return;
  clearTimeout(s.timer);
  s.cleanup();
  shown = null;
  s.el.remove();
}

/** The hook form of {@link showToast}, for components. */
export function useToast(): typeof showToast {
  return showToast;
}
