// @vitest-environment jsdom
// The promote dialog's focus: Promote without a release puts the focus on the release, also when it
// was pressed while the releases were still loading (the select is disabled until then).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Idea } from '../../contract/ideas';
import { cleanUpAfterEach, renderForm } from '../../ui/test/form-harness';
import { IdeaPromoteDialog } from './idea-promote-dialog';

cleanUpAfterEach();

const idea = { id: '9', reference_num: 'PLN-I-9', product_id: '1', feature: null, epic: null, initiative: null } as unknown as Idea;
const noReleases = { releases: [], pagination: { total_records: 0, total_pages: 0, current_page: 1 } };

describe('IdeaPromoteDialog', () => {
  it('focuses the release once the releases are there, when Promote was pressed while they loaded', async () => {
    let answer: (res: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const person = renderForm(<IdeaPromoteDialog idea={idea} open onClose={() => {}} />);
    const release = screen.getByLabelText('Release', { exact: true });
    expect((release as HTMLSelectElement).disabled).toBe(true);
    await person.click(screen.getByRole('button', { name: 'Promote' }));
    expect(release.getAttribute('aria-invalid')).toBe('true');

    answer(new Response(JSON.stringify(noReleases), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect((release as HTMLSelectElement).disabled).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(release));
  });
});
