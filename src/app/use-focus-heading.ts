// Focus management for in-app navigation: a single-page app does not reload, so without help the
// focus stays on the link that was followed (or falls to the top of the page). This moves it to the
// new screen's <h1> inside <main id="main"> and hands back the title for a live region to announce
// (not when the focus is inside a screen marked `data-keeps-focus`, which moves it itself).
import { useEffect, useRef, useState } from 'react';

/** How long a screen may take to show its <h1> (a lazy chunk, a loader) before we stop waiting. */
const HEADING_WAIT_MS = 5000;

/**
 * Moves the focus to the main heading when the path changes (not on the first load, and not when
 * only the query changes: filters and zoom live there and keep their own focus). Returns the text
 * to announce: the document title, else the heading.
 */
export function useFocusHeadingOnNavigate(pathname: string): string {
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // A screen that navigates within itself (the notes tree, its "New note") marks its root with
    // `data-keeps-focus`: the person is working there, so the focus stays where they put it.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest('[data-keeps-focus]')) return;
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      // The screen's own title when it has one, else its heading (the bare app name says nothing).
      const title = document.title;
      setAnnouncement(title && title !== 'Planner' ? title : (heading.textContent ?? ''));
      return true;
    };
    if (focusHeading()) return;
    // The screen is still on its way: wait for its heading, for a while.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
  return announcement;
}
