// @vitest-environment jsdom
// The portal's own router: paths to screens, the portal's key from the address, links that push
// (and leave modified clicks to the browser), back/forward, return addresses that stay inside the
// portal, and the heading that takes focus after a navigation but not on the first load.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Link,
  navigate,
  PageHeading,
  portalOfPath,
  routeOf,
  safeReturn,
  setBase,
  signInPath,
  takeFocusRequest,
  useLocation,
} from './router';

afterEach(cleanup);

beforeEach(() => {
  setBase('/portal/demo');
  window.history.replaceState(null, '', '/portal/demo');
  takeFocusRequest();
});

describe('routeOf', () => {
  it('names each screen, with an idea by id or reference', () => {
    expect(routeOf('/')).toEqual({ name: 'home' });
    expect(routeOf('')).toEqual({ name: 'home' });
    expect(routeOf('/ideas/new')).toEqual({ name: 'new-idea' });
    expect(routeOf('/ideas/12')).toEqual({ name: 'idea', id: '12' });
    expect(routeOf('/ideas/PLN-I-12/')).toEqual({ name: 'idea', id: 'PLN-I-12' });
    expect(routeOf('/sign-in')).toEqual({ name: 'sign-in' });
    expect(routeOf('/my-ideas')).toEqual({ name: 'my-ideas' });
    expect(routeOf('/notifications')).toEqual({ name: 'notifications' });
    expect(routeOf('/roadmap')).toEqual({ name: 'roadmap' });
    expect(routeOf('/ideas/12/edit')).toEqual({ name: 'not-found' });
    expect(routeOf('/ideas/%E0%A4%A')).toEqual({ name: 'not-found' });
    expect(routeOf('/admin')).toEqual({ name: 'not-found' });
  });

  it("reads the portal's key and base from the address", () => {
    expect(portalOfPath('/portal/planner-cloud')).toEqual({ key: 'planner-cloud', base: '/portal/planner-cloud' });
    expect(portalOfPath('/portal/planner-cloud/ideas/1')).toEqual({ key: 'planner-cloud', base: '/portal/planner-cloud' });
    expect(portalOfPath('/w/1/features')).toBeNull();
    expect(portalOfPath('/portal/')).toBeNull();
  });

  it('keeps return addresses inside the portal', () => {
    expect(safeReturn('/ideas/12')).toBe('/ideas/12');
    expect(safeReturn('//evil.example/x')).toBe('/');
    expect(safeReturn('https://evil.example')).toBe('/');
    expect(safeReturn('/\\evil.example')).toBe('/');
    expect(safeReturn(null)).toBe('/');
    expect(signInPath('/ideas/12?x=1')).toBe('/sign-in?return=%2Fideas%2F12%3Fx%3D1');
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath('/sign-in?return=%2Fa')).toBe('/sign-in');
  });
});

function Where() {
  const { path, params } = useLocation();
  return (
    <p data-testid="where">
      {path}
      {params.toString() ? `?${params.toString()}` : ''}
    </p>
  );
}

describe('navigation', () => {
  it('turns a plain link click into a push, and back/forward re-render', () => {
    render(
      <>
        <Where />
        <Link to="/ideas/12">Offline mode</Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Offline mode' });
    expect(link.getAttribute('href')).toBe('/portal/demo/ideas/12');
    expect(screen.getByTestId('where').textContent).toBe('/');
    const before = window.history.length;
    fireEvent.click(link);
    expect(window.location.pathname).toBe('/portal/demo/ideas/12');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByTestId('where').textContent).toBe('/ideas/12');
    // Back: the browser changes the address and says so.
    act(() => {
      window.history.replaceState(null, '', '/portal/demo');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('leaves a modified click (new tab) to the browser', () => {
    render(<Link to="/roadmap">Roadmap</Link>);
    const link = screen.getByRole('link', { name: 'Roadmap' });
    const ctrl = fireEvent.click(link, { ctrlKey: true });
    expect(ctrl).toBe(true); // not prevented
    expect(window.location.pathname).toBe('/portal/demo');
    fireEvent.click(link, { button: 1 });
    expect(window.location.pathname).toBe('/portal/demo');
  });

  it('replaces the entry when asked, with the query', () => {
    render(<Where />);
    const before = window.history.length;
    act(() => navigate('/?sort=recent', { replace: true, focus: false }));
    expect(window.history.length).toBe(before);
    expect(window.location.pathname + window.location.search).toBe('/portal/demo?sort=recent');
    expect(screen.getByTestId('where').textContent).toBe('/?sort=recent');
  });

  it("focuses the next screen's heading after a navigation, not on the first load", () => {
    function Screens() {
      const { path } = useLocation();
      return path === '/' ? <PageHeading>Ideas</PageHeading> : <PageHeading>Roadmap</PageHeading>;
    }
    render(
      <>
        <Link to="/roadmap">Go to roadmap</Link>
        <Screens />
      </>,
    );
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Ideas' }));
    fireEvent.click(screen.getByRole('link', { name: 'Go to roadmap' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Roadmap' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });
});
