// A text filter that lives in the URL but is typed into a box: the box answers every keystroke,
// the URL (and so the request) changes only once typing pauses. Back/forward and "clear filters"
// change the URL from outside, and the box follows.
import { useEffect, useRef, useState } from 'react';

export function useDebouncedParam(urlValue: string, commit: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(urlValue);
  const [synced, setSynced] = useState(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL moved on without us (navigation, clear filters): show what it says now.
  if (urlValue !== synced) {
    setSynced(urlValue);
    setText(urlValue);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Marked as synced first, so the URL change that follows is not mistaken for an outside one.
      setSynced(value.trim());
      commit(value.trim());
    }, delayMs);
  };

  /** Sets box and URL together, without waiting (e.g. clearing). */
  const setNow = (value: string) => {
    clearTimeout(timer.current);
    setText(value);
    setSynced(value);
    commit(value);
  };

  return { text, onChange, setNow };
}
