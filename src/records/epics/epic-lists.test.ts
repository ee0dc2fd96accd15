// The epic lists' pure pieces: custom field filters read from and written to the URL, the fields
// offered as filters, the updated-since day as a timestamp, the compact date range of a row, and the
// query operation 6 and 7 receive.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customFieldsOf, fetchEpics } from '../../api/epics';
import { customFieldFiltersFrom, customFieldParam, filterableFields } from './custom-field-filters';
import { updatedSinceParam } from './epic-list-params';
import { epicDateRange } from './epic-table';

afterEach(() => vi.unstubAllGlobals());

describe('custom field filters', () => {
  it('reads `cf.<key>` parameters and leaves out empty ones', () => {
    const params = new URLSearchParams('cf.risk=High&q=sso&cf.customer=&cf.=x&cf.area=Billing%20%26%20tax');
    expect(customFieldFiltersFrom(params)).toEqual({ risk: 'High', area: 'Billing & tax' });
    expect(customFieldParam('risk')).toBe('cf.risk');
  });

  it('offers the fields found, plus any the URL filters on that no epic revealed', () => {
    const found = [{ key: 'risk', name: 'Risk', type: 'select' as const, values: ['High'] }];
    expect(filterableFields(found, { risk: 'Low', owner: 'Ops' })).toEqual([
      found[0],
      { key: 'owner', name: 'owner', type: 'string', values: [] },
    ]);
  });

  it('learns the custom fields of a set of epics with the values in use, sorted', () => {
    const cf = (key: string, value: string | number | null) => ({ id: key, key, name: key.toUpperCase(), type: 'string' as const, value });
    expect(
      customFieldsOf([
        { custom_fields: [cf('risk', 'Low'), cf('arr', 10)] },
        { custom_fields: [cf('risk', 'High'), cf('arr', 9), cf('note', null)] },
        {},
      ]),
    ).toEqual([
      { key: 'risk', name: 'RISK', type: 'string', values: ['High', 'Low'] },
      { key: 'arr', name: 'ARR', type: 'string', values: ['9', '10'] },
      { key: 'note', name: 'NOTE', type: 'string', values: [] },
    ]);
  });
});

describe('list parameters', () => {
  it('sends an updated-since day as the start of that local day in ISO 8601', () => {
    expect(updatedSinceParam('2026-11-01')).toBe(new Date(2026, 10, 1).toISOString());
    expect(updatedSinceParam('')).toBeUndefined();
    expect(updatedSinceParam('yesterday')).toBeUndefined();
  });

  it('writes a row date range with the year once when both ends share it', () => {
    expect(epicDateRange(null, null)).toBe('—');
    const range = epicDateRange('2026-08-23', '2026-12-06');
    expect(range.match(/2026/g)).toHaveLength(1);
    expect(epicDateRange('2026-12-20', '2027-01-10').match(/202[67]/g)).toHaveLength(2);
    expect(epicDateRange('2026-08-23', null)).toMatch(/– …$/);
  });
});

describe('epic list queries', () => {
  function stubFetch() {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const body = { epics: [], pagination: { total_records: 0, total_pages: 0, current_page: 1 } };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return urls;
  }

  it('sends every filter of operation 6, custom fields as custom_fields[key]=value', async () => {
    const urls = stubFetch();
    await fetchEpics(
      { release: 'PLN-R-2' },
      {
        page: 2,
        perPage: 50,
        q: 'sso',
        updatedSince: '2026-11-01T00:00:00.000Z',
        tag: 'security',
        assignedToUser: 'ada@example.com',
        workflowStatus: 'In progress',
        customFields: { risk: 'High', customer: '' },
      },
    );
    const url = new URL(urls[0] ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/releases/PLN-R-2/epics');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      per_page: '50',
      q: 'sso',
      updated_since: '2026-11-01T00:00:00.000Z',
      tag: 'security',
      assigned_to_user: 'ada@example.com',
      workflow_status: 'In progress',
      'custom_fields[risk]': 'High',
    });
  });

  it('sends operation 7 only what it takes', async () => {
    const urls = stubFetch();
    await fetchEpics({ all: true }, { q: 'ignored', tag: 'ignored', customFields: { risk: 'Low' }, fields: 'name' });
    const url = new URL(urls[0] ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/epics');
    expect(Object.fromEntries(url.searchParams)).toEqual({ 'custom_fields[risk]': 'Low', fields: 'name' });
  });
});
