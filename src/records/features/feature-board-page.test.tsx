// @vitest-environment jsdom
// The board as a person meets it: columns named after the statuses, a card moved by dragging or by
// its "Move" menu lands at once, and goes back with a message when the service refuses.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../../api/account';
import { FEATURE_BOARD_FIELDS, featureQueries } from '../../api/features';
import type { Workflow } from '../../contract/account';
import type { FeatureListItem } from '../../contract/features';
import { FeatureBoardPage } from './feature-board-page';
import { releaseChoicesQuery } from './feature-form-choices';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const status = (id: string, name: string, position: number) => ({ id, name, position, complete: false, color: '#4a90d9' });
const NEW = status('1', 'New', 1);
const DEV = status('2', 'In development', 2);
const REVIEW = status('3', 'In review', 3);
const workflows: Workflow[] = [
  // Out of order on purpose: columns follow the workflow position.
  { id: '9', name: 'Features', statusable_type: 'Feature', workflow_statuses: [REVIEW, NEW, DEV] },
  { id: '8', name: 'Requirements', statusable_type: 'Requirement', workflow_statuses: [status('7', 'Done', 1)] },
];
const cards: FeatureListItem[] = [
  { id: '12', name: 'Dark mode', reference_num: 'PLN-12', workflow_status: NEW, initial_estimate_text: '2d', assigned_to_user: null },
  { id: '13', name: 'Export', reference_num: 'PLN-13', workflow_status: NEW, initial_estimate_text: null, assigned_to_user: null },
  { id: '14', name: 'SSO', reference_num: 'PLN-14', workflow_status: DEV, initial_estimate_text: null, assigned_to_user: null },
];

const page = { features: cards, pagination: { total_records: 3, total_pages: 1, current_page: 1 } };

/**
 * A fetch whose writes are answered with `answer` on `releaseWrite()`, and whose reads (the refetch
 * after a move) get the board as the service still has it only on `releaseRead()` — so a test can
 * see what the board shows between the two, which comes from the mutation's own rollback.
 */
function deferredFetch(status: number, answer: unknown) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  const gate = () => {
    let open: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { promise, open: () => open() };
  };
  const write = gate();
  const read = gate();
  const json = (body: unknown, code: number) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        await read.promise;
        return json(page, 200);
      }
      sent.push({ url, method, body: JSON.parse(String(init.body ?? 'null')) });
      await write.promise;
      return json(answer, status);
    }),
  );
  return { sent, releaseWrite: write.open, releaseRead: read.open };
}

function renderBoard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(featureQueries.list({ product: '1' }, { fields: FEATURE_BOARD_FIELDS, perPage: 200 }).queryKey, page);
  queryClient.setQueryData(accountQueries.workflows('1').queryKey, workflows);
  queryClient.setQueryData(releaseChoicesQuery('1').queryKey, {
    releases: [],
    pagination: { total_records: 0, total_pages: 1, current_page: 1 },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/w/1/board']}>
        <Routes>
          <Route path="/w/:productId/board" element={<FeatureBoardPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const column = (name: string) => screen.getByRole('region', { name });
const cardNames = (name: string) =>
  within(column(name))
    .queryAllByRole('link')
    .map((a) => a.textContent);

class FakeDataTransfer {
  private data = new Map<string, string>();
  dropEffect = 'none';
  effectAllowed = 'all';
  get types(): string[] {
    return [...this.data.keys()];
  }
  setData(type: string, value: string) {
    this.data.set(type, value);
  }
  getData(type: string): string {
    return this.data.get(type) ?? '';
  }
}

describe('FeatureBoardPage', () => {
  it('shows one column per Feature status in workflow order, with counts', () => {
    renderBoard();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['New', 'In development', 'In review']);
    expect(cardNames('New')).toEqual(['Dark mode', 'Export']);
    expect(within(column('New')).getByText('2', { selector: '.board__count' })).toBeTruthy();
    expect(within(column('In review')).getByText('No features')).toBeTruthy();
  });

  it('moves a dragged card at once, and puts it back with a message when the service refuses', async () => {
    const fetch = deferredFetch(422, { error: 'workflow_status is not allowed', errors: { workflow_status: ['is not allowed'] } });
    renderBoard();
    const card = within(column('New')).getByText('Dark mode').closest('li');
    if (!card) throw new Error('no card');
    const dataTransfer = new FakeDataTransfer();
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(column('In review'), { dataTransfer });
    fireEvent.drop(column('In review'), { dataTransfer });

    // Optimistic: the card is in its new column while the service has not answered yet.
    await waitFor(() => expect(cardNames('In review')).toEqual(['Dark mode']));
    expect(cardNames('New')).toEqual(['Export']);
    await waitFor(() => expect(fetch.sent).toHaveLength(1));
    expect(fetch.sent[0]).toEqual({
      url: '/api/v1/features/12',
      method: 'PUT',
      body: { feature: { workflow_status: { name: 'In review' } } },
    });

    fetch.releaseWrite();
    await waitFor(() => expect(cardNames('New')).toEqual(['Dark mode', 'Export']));
    expect(cardNames('In review')).toEqual([]);
    fetch.releaseRead();
    expect(await screen.findByText('PLN-12 could not be moved to In review: workflow_status is not allowed')).toBeTruthy();
    expect(cardNames('New')).toEqual(['Dark mode', 'Export']);
  });

  it('accepts drops of board cards only, not text or files dragged in from elsewhere', () => {
    renderBoard();
    const outside = new FakeDataTransfer();
    outside.setData('text/plain', '12');
    // fireEvent returns false when the handler called preventDefault, i.e. accepted the drop.
    expect(fireEvent.dragOver(column('In review'), { dataTransfer: outside })).toBe(true);
    expect(column('In review').className).not.toContain('board__column--over');

    const fromCard = new FakeDataTransfer();
    const card = within(column('New')).getByText('Export').closest('li');
    if (!card) throw new Error('no card');
    fireEvent.dragStart(card, { dataTransfer: fromCard });
    expect(fireEvent.dragOver(column('In review'), { dataTransfer: fromCard })).toBe(false);
    expect(column('In review').className).toContain('board__column--over');
  });

  it('moves a card from its "Move" menu by keyboard alone, announces it and keeps the focus on the card', async () => {
    const fetch = deferredFetch(500, { error: 'not answered in this test' });
    renderBoard();
    const person = userEvent.setup();
    const button = within(column('In development')).getByRole('button', { name: 'Move SSO' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    await person.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Move SSO' });
    // Only the other statuses are offered, and the first has the focus.
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['New', 'In review']);
    expect(document.activeElement?.textContent).toBe('New');
    await person.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(cardNames('New')).toEqual(['Dark mode', 'Export', 'SSO']));
    await waitFor(() => expect(fetch.sent[0]?.body).toEqual({ feature: { workflow_status: { name: 'New' } } }));
    // The moved card's button holds the focus in its new column.
    await waitFor(() => expect(document.activeElement).toBe(within(column('New')).getByRole('button', { name: 'Move SSO' })));
    expect(screen.getByRole('status').textContent).toBe('Moving PLN-14 to New…');
  });

  it('closes the "Move" menu on Escape without moving, and puts the focus back on its button', async () => {
    renderBoard();
    const person = userEvent.setup();
    const button = within(column('New')).getByRole('button', { name: 'Move Dark mode' });
    await person.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(cardNames('New')).toEqual(['Dark mode', 'Export']);
  });

  it('puts a card back with a message when a move from its menu fails', async () => {
    const fetch = deferredFetch(500, { error: 'The planning service failed' });
    renderBoard();
    const person = userEvent.setup();
    await person.click(within(column('In development')).getByRole('button', { name: 'Move SSO' }));
    await person.click(screen.getByRole('menuitem', { name: 'New' }));
    await waitFor(() => expect(cardNames('New')).toEqual(['Dark mode', 'Export', 'SSO']));
    await waitFor(() => expect(fetch.sent).toHaveLength(1));
    fetch.releaseWrite();
    await waitFor(() => expect(cardNames('In development')).toEqual(['SSO']));
    fetch.releaseRead();
    expect((await screen.findByRole('alert')).textContent).toContain('PLN-14 could not be moved to New: The planning service failed');
    expect(cardNames('In development')).toEqual(['SSO']);
  });
});
