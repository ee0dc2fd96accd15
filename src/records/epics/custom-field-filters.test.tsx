// @vitest-environment jsdom
// The custom field filters as a person meets them: fed by the workspace's Epic definitions, a select
// field offers every defined option (also one no epic uses yet) and a field no epic has a value for
// still gets its control; choosing an option reports the key and the option.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEpicCustomFields } from '../../api/epics';
import { epicFieldDefinitionPage } from '../../ui/test/form-harness';
import { CustomFieldFilters } from './custom-field-filters';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CustomFieldFilters', () => {
  it('offers every defined option and field, read from the definitions and not from the epics', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const body = epicFieldDefinitionPage([
          ['7', 'risk', 'Risk', 'select', ['Low', 'Medium', 'High']],
          ['8', 'launch', 'Launch day', 'date'],
        ]);
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const fields = await fetchEpicCustomFields({ product: 'MOB' });
    expect(urls.every((u) => u.startsWith('/api/v1/products/MOB/custom_field_definitions?'))).toBe(true);

    const onChange = vi.fn();
    render(<CustomFieldFilters fields={fields} values={{}} onChange={onChange} />);
    const risk = screen.getByLabelText('Risk');
    // No MOB epic uses Medium in the demo data: it is offered all the same.
    expect(
      within(risk)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Low', 'Medium', 'High']);
    expect(screen.getByLabelText<HTMLInputElement>('Launch day').type).toBe('date');

    await userEvent.setup().selectOptions(risk, 'Medium');
    expect(onChange).toHaveBeenCalledWith('risk', 'Medium');
  });
});
