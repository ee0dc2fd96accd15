// @vitest-environment jsdom
// After following an in-app link the focus lands on the new screen's heading and its title is
// announced; the first load and query-only changes leave the focus alone.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusHeadingOnNavigate } from './use-focus-heading';

afterEach(cleanup);

function Frame() {
  const location = useLocation();
  const announcement = useFocusHeadingOnNavigate(location.pathname);
  return (
    <>
      <nav>
        <Link to="/a">Screen A</Link>
        <Link to="/b">Screen B</Link>
        <Link to="/a?zoom=quarter">A by quarter</Link>
      </nav>
      <p role="status">{announcement}</p>
      <main id="main">
        <Routes>
          <Route path="/a" element={<h1 tabIndex={-1}>Screen A heading</h1>} />
          <Route path="/b" element={<SlowScreen />} />
        </Routes>
      </main>
    </>
  );
}

/** A screen whose heading shows only after a moment, like one waiting for its data. */
function SlowScreen() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 30);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return <p>Loading…</p>;
  return <h1>Screen B heading</h1>;
}

describe('useFocusHeadingOnNavigate', () => {
  it('leaves the focus alone on the first load', () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Frame />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('moves the focus to the new heading after a link is followed, waiting for it if need be', async () => {
    const person = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Frame />
      </MemoryRouter>,
    );
    await person.click(screen.getByRole('link', { name: 'Screen B' }));
    const heading = await screen.findByRole('heading', { name: 'Screen B heading' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('status').textContent).toBe(document.title || 'Screen B heading');

    await person.click(screen.getByRole('link', { name: 'Screen A' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Screen A heading' })));
  });

  it('keeps the focus where it is when only the query changes', async () => {
    const person = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Frame />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'A by quarter' });
    await person.click(link);
    expect(document.activeElement).toBe(link);
  });
});
