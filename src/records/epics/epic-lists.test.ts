// The epic lists' pure pieces: custom field filters read from and written to the URL, the fields
// offered as filters (from the definitions, merged by key across workspaces), the updated-since day
// as a timestamp, the compact date range of a row, and the queries operations 6 and 7 and the
// definition lists receive.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { epicFieldsOf, fetchEpicCustomFields, fetchEpics } from '../../api/epics';
import type { CustomFieldDefinition } from '../../contract/custom-fields';
import { customFieldFiltersFrom, customFieldParam, filterableFields } from './custom-field-filters';
import { updatedSinceParam } from './epic-list-params';
import { compactDateRange } from '../../ui/work-item-columns';

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

  it('offers each defined field once, a select with the union of its options, the first type winning', () => {
    const def = (productId: string, key: string, type: CustomFieldDefinition['type'], options: string[] = []): CustomFieldDefinition => ({
      id: `${productId}${key}`,
      key,
      name: `${key} of ${productId}`,
      type,
      internal_name: null,
      custom_fieldable_type: 'Epic',
      product_id: productId,
      position: 1,
      options,
    });
    expect(
      epicFieldsOf([
        def('1', 'risk', 'select', ['Low', 'Medium', 'High']),
        def('1', 'customer', 'string', ['stale']),
        def('2', 'risk', 'select', ['High', 'Critical']),
        def('2', 'customer', 'select', ['Acme']),
        def('2', 'arr', 'number'),
      ]),
    ).toEqual([
      { key: 'risk', name: 'risk of 1', type: 'select', values: ['Low', 'Medium', 'High', 'Critical'] },
      { key: 'customer', name: 'customer of 1', type: 'string', values: [] },
      { key: 'arr', name: 'arr of 2', type: 'number', values: [] },
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
    expect(compactDateRange(null, null)).toBe('—');
    const range = compactDateRange('2026-08-23', '2026-12-06');
    expect(range.match(/2026/g)).toHaveLength(1);
    expect(compactDateRange('2026-12-20', '2027-01-10').match(/202[67]/g)).toHaveLength(2);
    expect(compactDateRange('2026-08-23', null)).toMatch(/– …$/);
  });
});

describe('epic list queries', () => {
  function stubFetch(answer: (url: URL) => unknown = () => ({ epics: [], pagination: { total_records: 0, total_pages: 0, current_page: 1 } })) {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify(answer(new URL(url, 'http://x'))), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
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

  const definition = (id: string, productId: string, key: string, options: string[]) => ({
    id,
    key,
    name: key.toUpperCase(),
    type: 'select',
    internal_name: null,
    custom_fieldable_type: 'Epic',
    product_id: productId,
    position: 1,
    options,
  });

  it("reads a workspace's Epic definitions, not its epics, every page of them", async () => {
    const urls = stubFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      return {
        custom_field_definitions: [definition(String(page), '1', page === 1 ? 'risk' : 'area', page === 1 ? ['Low', 'High'] : ['Billing'])],
        pagination: { total_records: 2, total_pages: 2, current_page: page },
      };
    });
    expect(await fetchEpicCustomFields({ product: 'PLN' })).toEqual([
      { key: 'risk', name: 'RISK', type: 'select', values: ['Low', 'High'] },
      { key: 'area', name: 'AREA', type: 'select', values: ['Billing'] },
    ]);
    const sent = urls.map((u) => new URL(u, 'http://x'));
    expect(sent.map((u) => u.pathname)).toEqual([
      '/api/v1/products/PLN/custom_field_definitions',
      '/api/v1/products/PLN/custom_field_definitions',
    ]);
    expect(Object.fromEntries(sent[1]?.searchParams ?? [])).toEqual({ custom_fieldable_type: 'Epic', page: '2', per_page: '200' });
  });

  it("merges the account's Epic definitions by key for the account-wide list", async () => {
    const urls = stubFetch(() => ({
      custom_field_definitions: [definition('1', '1', 'risk', ['Low', 'High']), definition('2', '2', 'risk', ['High', 'Blocker'])],
      pagination: { total_records: 2, total_pages: 1, current_page: 1 },
    }));
    expect(await fetchEpicCustomFields({ all: true })).toEqual([
      { key: 'risk', name: 'RISK', type: 'select', values: ['Low', 'High', 'Blocker'] },
    ]);
    expect(urls).toHaveLength(1);
    const url = new URL(urls[0] ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/custom_field_definitions');
    expect(url.searchParams.get('custom_fieldable_type')).toBe('Epic');
  });
});
