// @vitest-environment jsdom
// List state in the URL: bad or missing values fall back to their defaults, defaults leave the
// URL, a filter change goes back to page 1, and "Clear filters" keeps what the list is narrowed to.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dayParam, pageParam, readListParams, sortParam, textParam, useListParams, writeListParams } from './use-list-params';

afterEach(cleanup);

const schema = z.object({
  q: textParam(),
  updated: dayParam(),
  page: pageParam(),
  sort: sortParam(['name', 'progress']),
  release: textParam(),
});

describe('readListParams', () => {
  it('reads good values', () => {
    expect(readListParams(schema, new URLSearchParams('q=%20sso%20&updated=2026-11-01&page=3&sort=-progress'))).toEqual({
      q: 'sso',
      updated: '2026-11-01',
      page: 3,
      sort: { column: 'progress', direction: 'desc' },
      release: '',
    });
  });

  it('falls back to each default on a bad value, without losing the good ones', () => {
    const bad = readListParams(schema, new URLSearchParams(`q=ok&updated=yesterday&page=abc&sort=-secret`));
    expect(bad).toEqual({ q: 'ok', updated: '', page: 1, sort: null, release: '' });
    expect(readListParams(schema, new URLSearchParams('page=-2')).page).toBe(1);
    expect(readListParams(schema, new URLSearchParams('page=2.5')).page).toBe(1);
    expect(readListParams(schema, new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toBe('');
  });
});

describe('writeListParams', () => {
  it('drops defaults, keeps other keys, and goes back to page 1 on a filter change', () => {
    const current = new URLSearchParams('q=sso&page=4&cf.risk=High');
    expect(writeListParams(schema, current, { q: 'saml' }).toString()).toBe('q=saml&cf.risk=High');
    expect(writeListParams(schema, current, { q: '' }).toString()).toBe('cf.risk=High');
    expect(writeListParams(schema, current, { page: 5 }).toString()).toBe('q=sso&page=5&cf.risk=High');
    expect(writeListParams(schema, current, { page: 1 }).toString()).toBe('q=sso&cf.risk=High');
    expect(writeListParams(schema, current, { sort: { column: 'name', direction: 'desc' } }).toString()).toBe(
      'q=sso&page=4&cf.risk=High&sort=-name',
    );
    expect(writeListParams(schema, current, { 'cf.risk': '' }).toString()).toBe('q=sso');
  });
});

describe('useListParams', () => {
  const wrapper = (url: string) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
    };

  it('counts filters but not paging, sorting or kept keys, and clears all but the kept ones', () => {
    const { result } = renderHook(() => useListParams(schema, { keep: ['release'] }), {
      wrapper: wrapper('/list?release=PLN-R-1&page=2&sort=name'),
    });
    expect(result.current.filtered).toBe(false);
    act(() => result.current.set({ q: 'sso' }));
    expect(result.current.values.q).toBe('sso');
    expect(result.current.values.page).toBe(1);
    expect(result.current.filtered).toBe(true);
    act(() => result.current.clear());
    expect(result.current.search.toString()).toBe('release=PLN-R-1');
    expect(result.current.filtered).toBe(false);
  });
});
