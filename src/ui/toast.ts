// A short confirmation ("Feature created") that outlives the form that raised it: the form navigates
// away on success, so the message lives in one polite live region on <body>, not in the form's tree.
// It never takes focus or blocks clicks, and it disappears on its own.
import './toast.css';

const REGION_ID = 'toast-region';
const SHOW_MS = 5000;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

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

/** Shows `message` for a few seconds and has it read out politely; `problem` marks it as one, not a success. */
export function showToast(message: string, tone: 'done' | 'problem' = 'done'): void {
  if (typeof document === 'undefined') return;
  const el = region();
  clearTimeout(hideTimer);
  el.replaceChildren();
  // A change made in the same frame the region appears may go unannounced, so the text comes a
  // tick later than the (possibly new) region.
  setTimeout(() => {
    const toast = document.createElement('p');
    toast.className = tone === 'problem' ? 'toast toast--problem' : 'toast';
    toast.textContent = message;
    el.replaceChildren(toast);
    hideTimer = setTimeout(() => el.replaceChildren(), SHOW_MS);
  }, 50);
}

/** The hook form of {@link showToast}, for components. */
export function useToast(): (message: string) => void {
  return showToast;
}
