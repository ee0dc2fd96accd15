// API tests of `POST /notes/{note_id}/attachments` (issue 29): a file or a link attached to a record's
// description through the description's own id, as hosted — a feature's, an epic's, an idea's and a
// note's; the description ids are unique across kinds; another kind's description is a 422, an
// unknown one a 404.
import { describe, expect, it } from 'vitest';
import { attachmentEnvelope } from '../src/contract/attachments';
import { fileService } from './test/client';
import { TEST_TOKEN } from './test/harness';
import { expect422, makeEpic, makeFeature, uniqueName } from './test/records';
import { checkedFetch } from './test/openapi-check';

const { t } = await fileService();

const releaseId = (await t.get<{ releases: { id: string }[] }>('/products/PLN/releases')).body.releases[0]?.id ?? '';

const LINK = { file_url: 'https://www.example.com/spec.html', content_type: 'text/html', file_name: 'spec.html' };

/** A multipart upload of a small text file with the admin token. */
async function uploadTo(noteId: string, text: string): Promise<{ status: number; body: unknown; text: string }> {
  const form = new FormData();
  form.append('attachment[data]', new Blob([text], { type: 'text/plain' }), 'notes.txt');
  const res = await checkedFetch(`${t.url}/api/v1/notes/${noteId}/attachments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    body: form,
  });
  const body = await res.text();
  return { status: res.status, body: body ? (JSON.parse(body) as unknown) : null, text: body };
}

interface Described {
  id: string;
  description: { id: string; notable_id: string; attachments: { id: string; file_name: string }[] } | null;
}

describe('POST /notes/{note_id}/attachments', () => {
  it("attaches a file (multipart) and a link (JSON) to a feature's description by the description's id", async () => {
    const feature = await makeFeature(t, releaseId, { description: '<p>Spec below</p>' });
    const note = feature.description;
    if (!note) throw new Error('the feature has no description');
    expect(note.id).not.toBe(feature.id);
    expect(note.notable_id).toBe(feature.id);
    const file = await uploadTo(note.id, 'plain words');
    expect(file.status, file.text).toBe(200);
    const uploaded = attachmentEnvelope.parse(file.body).attachment;
    expect(uploaded).toMatchObject({ file_name: 'notes.txt', file_size: 11 });
    const link = await t.request('POST', `/notes/${note.id}/attachments`, { attachment: LINK });
    expect(link.status, link.text).toBe(200);
    const shown = (await t.get<{ feature: Described }>(`/features/${feature.id}`)).body.feature;
    expect(shown.description?.id).toBe(note.id);
    expect(shown.description?.attachments.map((a) => a.file_name)).toEqual(['notes.txt', 'spec.html']);
  });

  it("takes an epic's, an idea's and a note's description too; ids never collide across kinds", async () => {
    const epic = await makeEpic(t, releaseId, { description: '<p>Epic text</p>' });
    const idea = (
      await t.request<{ idea: Described }>('POST', '/products/PLN/ideas', {
        idea: { name: uniqueName('Idea'), description: '<p>Idea text</p>', created_by: 'someone@example.com' },
      })
    ).body.idea;
    const page = (
      await t.request<{ page: Described }>('POST', '/products/PLN/pages', {
        page: { name: uniqueName('Page'), description_attributes: { body: '<p>Page text</p>' } },
      })
    ).body.page;
    const notes = [epic.description?.id, idea.description?.id, page.description?.id];
    expect(new Set(notes).size).toBe(3);
    for (const [path, key, id] of [
      [`/epics/${epic.id}`, 'epic', notes[0]],
      [`/ideas/${idea.id}`, 'idea', notes[1]],
      [`/pages/${page.id}`, 'page', notes[2]],
    ] as const) {
      const res = await t.request('POST', `/notes/${id ?? ''}/attachments`, { attachment: { ...LINK, file_name: `${key}.html` } });
      expect(res.status, res.text).toBe(200);
      const record = (await t.get<Record<string, Described>>(path)).body[key];
      expect(record?.description?.attachments.map((a) => a.file_name)).toEqual([`${key}.html`]);
    }
  });

  it("refuses another kind's description with 422 on note_id, and an unknown one with 404, storing nothing", async () => {
    const feature = await makeFeature(t, releaseId);
    const req = await t.request<{ requirement: Described }>('POST', `/features/${feature.id}/requirements`, {
      requirement: { name: uniqueName('Req'), description: '<p>Req text</p>' },
    });
    const reqNote = req.body.requirement.description?.id ?? '';
    expect(reqNote).toMatch(/^\d+$/);
    expect422(await t.request('POST', `/notes/${reqNote}/attachments`, { attachment: LINK }), 'note_id');
    // A feature that does not exist; a kind code no note has; no kind code at all; not an id.
    expect((await t.request('POST', '/notes/99999901/attachments', { attachment: LINK })).status).toBe(404);
    expect((await t.request('POST', '/notes/1299/attachments', { attachment: LINK })).status).toBe(404);
    expect((await t.request('POST', '/notes/7/attachments', { attachment: LINK })).status).toBe(404);
    expect((await t.request('POST', '/notes/abc/attachments', { attachment: LINK })).status).toBe(404);
    const bad = await t.request('POST', `/notes/${feature.id}01/attachments`, { attachment: { file_url: 'javascript:alert(1)' } });
    expect422(bad, 'file_url');
    const shown = (await t.get<{ feature: Described }>(`/features/${feature.id}`)).body.feature;
    expect(shown.description).toBeNull();
  });
});
