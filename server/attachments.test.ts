// Attachments over HTTP against the real service (issue 12): the three forms of operation 14 on a
// comment and the same on descriptions, the per-file cap (413) on a service started with a small
// one, types sniffed from the bytes and served safely, content-addressed storage (one file for the
// same bytes), the hosted 412 for a duplicate, downloads to the token or the file-session cookie
// only, deletes that leave no orphan file (nor take one a recycle-bin payload still names), and an
// aborted upload that leaves neither a temporary file nor a row.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentEnvelope, attachmentSessionSchema, duplicateAttachmentSchema } from '../src/contract/attachments';
import type { Attachment } from '../src/contract/common';
import { featureEnvelope } from '../src/contract/features';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { TEST_TOKEN, startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { expect422, expectOk, makeEpic, makeFeature, rowCount } from './test/records';
import { mintToken } from './auth';
import { checkedFetch } from './test/openapi-check';

let t: TestService;
let api: ApiClient;
let small: TestService;
let releaseId: string;
/** A member (Morgan), who may change only their own comments and so only their files. */
let member: string;

const SMALL_CAP = 4096;

beforeAll(async () => {
  [t, small] = await Promise.all([startTestService(), startTestService({ service: { maxUploadBytes: SMALL_CAP } })]);
  api = apiClient(t);
  const releases = await t.get<{ releases: { id: string }[] }>('/products/PLN/releases');
  releaseId = releases.body.releases[0]?.id ?? '';
  const db = t.service.store.db;
  const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  member = await mintToken(db, morgan.id, 'attachments.test');
});

afterAll(async () => {
  await Promise.all([t.close(), small.close()]);
});

/** A PNG: its 8-byte signature, then bytes that differ per call (so each is a new blob). */
function png(extra = crypto.randomBytes(64)): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR'), extra]);
}

interface Sent {
  status: number;
  body: Record<string, unknown>;
  text: string;
  headers: Headers;
}

/** A multipart POST of a file (and any text parts) with the admin token, or `token`. */
async function upload(
  service: TestService,
  p: string,
  file: { bytes: Buffer; name: string; type?: string } | null,
  parts: Record<string, string> = {},
  token = TEST_TOKEN,
): Promise<Sent> {
  const form = new FormData();
  if (file)
    form.append('attachment[data]', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  const res = await checkedFetch(`${service.url}/api/v1${p}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text, headers: res.headers };
}

const attached = (res: Sent): Attachment => {
  expect(res.status, res.text).toBe(200);
  return attachmentEnvelope.parse(res.body).attachment;
};

async function makeComment(featureId: string, body = '<p>A comment with files</p>', token?: string): Promise<string> {
  const res = await t.request<{ comment: { id: string } }>('POST', `/features/${featureId}/comments`, { comment: { body } }, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.comment.id;
}

/** GET a download with the token (default), another token, a cookie, or nothing. */
async function download(url: string, auth: { token?: string | null; cookie?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...auth.headers };
  const token = auth.token === undefined ? TEST_TOKEN : auth.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (auth.cookie) headers.Cookie = auth.cookie;
  const res = await fetch(url, { headers, redirect: 'manual' });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const blobFile = (service: TestService, sha: string): string => path.join(service.dataDir, 'blobs', sha.slice(0, 2), sha);
const sha256 = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
const tempFiles = (service: TestService): string[] => fs.readdirSync(path.join(service.dataDir, 'blobs', 'tmp'));

describe('POST /comments/{comment_id}/attachments (operation 14)', () => {
  it('takes a multipart upload in attachment[data], answers the hosted shape and stores the bytes under their SHA-256', async () => {
    const feature = await makeFeature(t, releaseId);
    const comment = await makeComment(feature.id);
    const bytes = png();
    const file = attached(await upload(t, `/comments/${comment}/attachments`, { bytes, name: 'mockup.png', type: 'image/png' }));
    expect(file).toMatchObject({
      file_name: 'mockup.png',
      content_type: 'image/png',
      file_size: bytes.length,
      original_file_size: bytes.length,
    });
    expect(file.download_url).toBe(`${t.url}/api/v1/attachments/${file.id}/download`);
    expect(fs.readFileSync(blobFile(t, sha256(bytes)))).toEqual(bytes);
    // The comment answers it among its attachments.
    const shown = await t.get<{ comment: { attachments: Attachment[] } }>(`/comments/${comment}`);
    expect(shown.body.comment.attachments).toEqual([file]);
  });

  it('takes a JSON link and the same link as multipart parts; a link downloads from its own address', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const json = await t.request('POST', `/comments/${comment}/attachments`, {
      attachment: { file_url: 'https://www.example.com/docs/home_page.html', content_type: 'text/html', file_name: 'home_page.html' },
    });
    const link = expectOk(json, attachmentEnvelope).attachment;
    expect(link).toMatchObject({
      download_url: 'https://www.example.com/docs/home_page.html',
      file_name: 'home_page.html',
      content_type: 'text/html',
      file_size: null,
    });
    const parts = attached(
      await upload(t, `/comments/${comment}/attachments`, null, {
        'attachment[file_url]': 'http://files.example.com/a/Spec%20sheet.pdf',
        'attachment[content_type]': 'application/pdf',
      }),
    );
    // Without a name, the address's last segment names it.
    expect(parts).toMatchObject({
      download_url: 'http://files.example.com/a/Spec%20sheet.pdf',
      file_name: 'Spec sheet.pdf',
      content_type: 'application/pdf',
    });
    const { res } = await download(`${t.url}/api/v1/attachments/${link.id}/download`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://www.example.com/docs/home_page.html');
  });

  it('refuses links that are not http(s) on file_url, and a body with neither a file nor a link', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const before = await rowCount(t, 'attachments');
    for (const file_url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://x.example/a',
      'not a url',
      '',
    ]) {
      const res = await t.request('POST', `/comments/${comment}/attachments`, { attachment: { file_url, file_name: 'x' } });
      expect422(res, 'file_url');
    }
    expect422(await upload(t, `/comments/${comment}/attachments`, null, { 'attachment[file_url]': 'javascript:alert(1)' }), 'file_url');
    expect422(await upload(t, `/comments/${comment}/attachments`, null, { 'attachment[note]': 'nothing' }), 'attachment[data]');
    const wrongType = await t.request('POST', `/comments/${comment}/attachments`, { attachment: { file_url: 42 } });
    expect422(wrongType, 'file_url');
    expect(await rowCount(t, 'attachments')).toBe(before);
  });

  it('answers 404 for an unknown comment without storing a byte', async () => {
    const blobs = await rowCount(t, 'blobs');
    const res = await upload(t, '/comments/999999/attachments', { bytes: png(), name: 'x.png' });
    expect(res.status, res.text).toBe(404);
    const bad = await upload(t, '/comments/abc/attachments', { bytes: png(), name: 'x.png' });
    expect(bad.status).toBe(404);
    expect(await rowCount(t, 'blobs')).toBe(blobs);
    expect(tempFiles(t)).toEqual([]);
  });

  it('stores the same bytes once for two comments, and answers 412 duplicate for the same file twice on one comment', async () => {
    const feature = await makeFeature(t, releaseId);
    const [a, b] = [await makeComment(feature.id), await makeComment(feature.id)];
    const bytes = png();
    const first = attached(await upload(t, `/comments/${a}/attachments`, { bytes, name: 'one.png' }));
    const second = attached(await upload(t, `/comments/${b}/attachments`, { bytes, name: 'two.png' }));
    expect(second.id).not.toBe(first.id);
    const sha = sha256(bytes);
    expect(fs.readdirSync(path.dirname(blobFile(t, sha))).filter((n) => n === sha)).toEqual([sha]);
    const blobRows = await t.service.store.db.selectFrom('blobs').selectAll().where('sha256', '=', sha).execute();
    expect(blobRows).toHaveLength(1);

    const attachments = await rowCount(t, 'attachments');
    const again = await upload(t, `/comments/${a}/attachments`, { bytes, name: 'renamed.png' });
    expect(again.status, again.text).toBe(412);
    expect(duplicateAttachmentSchema.parse(again.body)).toMatchObject({ status: 'duplicate', success: false, attachmentId: first.id });
    expect(await rowCount(t, 'attachments')).toBe(attachments);
    expect(tempFiles(t)).toEqual([]);
  });

  it('takes a file larger than the app-wide body cap (1 MB): uploads are streamed under their own cap', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const bytes = crypto.randomBytes(3 * 1024 * 1024);
    const file = attached(await upload(t, `/comments/${comment}/attachments`, { bytes, name: 'big.bin' }));
    expect(file).toMatchObject({ file_size: bytes.length, content_type: 'application/octet-stream' });
    const { res, bytes: got } = await download(file.download_url);
    expect(res.status).toBe(200);
    expect(sha256(got)).toBe(sha256(bytes));
  });
});

describe('the per-file cap', () => {
  it('answers 413 naming attachment[data] over PLANNER_MAX_UPLOAD_BYTES, and keeps nothing', async () => {
    const feature = await small.request<{ feature: { id: string } }>('POST', `/releases/${releaseId}/features`, {
      feature: { name: 'Capped' },
    });
    const comment = await small.request<{ comment: { id: string } }>('POST', `/features/${feature.body.feature.id}/comments`, {
      comment: { body: '<p>x</p>' },
    });
    const id = comment.body.comment.id;
    const res = await upload(small, `/comments/${id}/attachments`, { bytes: crypto.randomBytes(SMALL_CAP * 4), name: 'large.bin' });
    expect(res.status, res.text).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({ errors: { 'attachment[data]': [expect.stringMatching(/too large/)] } });
    expect(await rowCount(small, 'attachments')).toBe(0);
    expect(await rowCount(small, 'blobs')).toBe(0);
    expect(tempFiles(small)).toEqual([]);
    // Exactly the cap is taken.
    attached(await upload(small, `/comments/${id}/attachments`, { bytes: crypto.randomBytes(SMALL_CAP), name: 'fits.bin' }));
    const session = expectOk(await small.request('POST', '/attachments/session'), attachmentSessionSchema);
    expect(session.attachment_session.max_upload_bytes).toBe(SMALL_CAP);
  });
});

describe('types sniffed from the bytes, served safely', () => {
  it('serves a PNG named .txt and claimed as text/plain as image/png, inline, with the safe headers', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const bytes = png();
    const file = attached(await upload(t, `/comments/${comment}/attachments`, { bytes, name: 'notes.txt', type: 'text/plain' }));
    expect(file.content_type).toBe('image/png');
    const { res, bytes: got } = await download(file.download_url);
    expect(res.status).toBe(200);
    expect(got).toEqual(bytes);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="notes.txt"; filename*=UTF-8''notes.txt`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    const again = await download(file.download_url, { headers: { 'If-None-Match': `"${sha256(bytes)}"` } });
    expect(again.res.status).toBe(304);
  });

  it('never serves HTML or SVG as such: opaque bytes, as a download, whatever they are called', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const page = attached(await upload(t, `/comments/${comment}/attachments`, { bytes: html, name: 'pretty.png', type: 'image/png' }));
    const drawing = attached(await upload(t, `/comments/${comment}/attachments`, { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }));
    expect(page.content_type).toBe('text/html');
    expect(drawing.content_type).toBe('image/svg+xml');
    for (const file of [page, drawing]) {
      const { res } = await download(file.download_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    }
    // Plain text is text; a name with characters outside ASCII keeps them in filename*.
    const text = attached(
      await upload(t, `/comments/${comment}/attachments`, { bytes: Buffer.from('Hello, files\n'), name: 'Résumé "final".txt' }),
    );
    expect(text.content_type).toBe('text/plain');
    const { res } = await download(text.download_url);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
  });
});

describe('downloads only to signed-in callers', () => {
  it('answers 401 without a token or cookie, and with a wrong one', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const file = attached(await upload(t, `/comments/${comment}/attachments`, { bytes: png(), name: 'secret.png' }));
    expect((await download(file.download_url, { token: null })).res.status).toBe(401);
    expect((await download(file.download_url, { token: 'not-a-real-token-123' })).res.status).toBe(401);
    expect((await download(file.download_url, { token: null, cookie: 'planner_files=pfs_guessed-value-0123456789' })).res.status).toBe(401);
    expect((await download(`${t.url}/api/v1/attachments/999999/download`)).res.status).toBe(404);
  });

  it('lets the file-session cookie stand in for the token, until the session ends', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const bytes = png();
    const file = attached(await upload(t, `/comments/${comment}/attachments`, { bytes, name: 'shared.png' }));
    const started = await api.call('POST /attachments/session');
    const session = started.data().attachment_session;
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
    const setCookie = started.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^planner_files=pfs_[\w-]+;/);
    expect(setCookie).toMatch(/; Path=\/api\/v1\/attachments\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).not.toMatch(/; Secure/);
    const cookie = setCookie.split(';')[0] ?? '';
    const { res, bytes: got } = await download(file.download_url, { token: null, cookie });
    expect(res.status).toBe(200);
    expect(got).toEqual(bytes);
    // Only the hash is stored.
    const stored = await t.service.store.db.selectFrom('file_sessions').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(cookie.split('=')[1]);
    // The cookie opens files only: the rest of the API still wants the token.
    const other = await checkedFetch(`${t.url}/api/v1/features/${releaseId}`, { headers: { Cookie: cookie } });
    expect(other.status).toBe(401);
    const ended = await t.request('DELETE', '/attachments/session', undefined, { headers: { Cookie: cookie } });
    expect(ended.status).toBe(204);
    expect((await download(file.download_url, { token: null, cookie })).res.status).toBe(401);
  });
});

describe('DELETE /attachments/{id}', () => {
  it('removes the row, and the blob file with the last attachment that names it', async () => {
    const feature = await makeFeature(t, releaseId);
    const [a, b] = [await makeComment(feature.id), await makeComment(feature.id)];
    const bytes = png();
    const sha = sha256(bytes);
    const one = attached(await upload(t, `/comments/${a}/attachments`, { bytes, name: 'a.png' }));
    const two = attached(await upload(t, `/comments/${b}/attachments`, { bytes, name: 'b.png' }));
    expect((await api.call('DELETE /attachments/{id}', { params: { id: one.id } })).status).toBe(204);
    expect(fs.existsSync(blobFile(t, sha))).toBe(true);
    expect((await download(two.download_url)).res.status).toBe(200);
    expect((await t.request('DELETE', `/attachments/${two.id}`)).status).toBe(204);
    expect(fs.existsSync(blobFile(t, sha))).toBe(false);
    expect(await t.service.store.db.selectFrom('blobs').select('sha256').where('sha256', '=', sha).execute()).toEqual([]);
    expect((await t.request('DELETE', `/attachments/${two.id}`)).status).toBe(404);
    expect((await download(two.download_url)).res.status).toBe(404);
  });

  it('keeps a blob that a comment in the recycle bin still names, for its restore', async () => {
    const feature = await makeFeature(t, releaseId);
    const comment = await makeComment(feature.id);
    const bytes = png();
    const sha = sha256(bytes);
    attached(await upload(t, `/comments/${comment}/attachments`, { bytes, name: 'kept.png' }));
    const onDescription = attached(await upload(t, `/features/${feature.id}/attachments`, { bytes, name: 'kept.png' }));
    expect((await t.request('DELETE', `/comments/${comment}`)).status).toBe(204);
    expect((await t.request('DELETE', `/attachments/${onDescription.id}`)).status).toBe(204);
    expect(fs.existsSync(blobFile(t, sha))).toBe(true);
    expect(await t.service.store.db.selectFrom('blobs').select('sha256').where('sha256', '=', sha).execute()).toHaveLength(1);
  });
});

describe("a comment's files follow the comment's rule", () => {
  it('refuses a member putting a file or a link on, or taking one off, another user’s comment (403), and changes nothing', async () => {
    const feature = await makeFeature(t, releaseId);
    const adminComment = await makeComment(feature.id, '<p>By the administrator</p>');
    const kept = attached(await upload(t, `/comments/${adminComment}/attachments`, { bytes: png(), name: 'kept.png' }));
    const rows = await rowCount(t, 'attachments');
    const blobs = await rowCount(t, 'blobs');
    const refused = await upload(t, `/comments/${adminComment}/attachments`, { bytes: png(), name: 'sneaked.png' }, {}, member);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toMatch(/Only the author of comment \d+ or an administrator may attach files to it/);
    const link = await t.request(
      'POST',
      `/comments/${adminComment}/attachments`,
      { attachment: { file_url: 'https://www.example.com/x.html', file_name: 'x.html' } },
      { token: member },
    );
    expect(link.status).toBe(403);
    const removed = await t.request('DELETE', `/attachments/${kept.id}`, undefined, { token: member });
    expect(removed.status).toBe(403);
    expect(await rowCount(t, 'attachments')).toBe(rows);
    expect(await rowCount(t, 'blobs')).toBe(blobs);
    expect(tempFiles(t)).toEqual([]);
    expect((await download(kept.download_url)).res.status).toBe(200);
  });

  it('lets the author and an administrator attach and remove; a deleted comment takes no file', async () => {
    const feature = await makeFeature(t, releaseId);
    const mine = await makeComment(feature.id, '<p>By the member</p>', member);
    const own = attached(await upload(t, `/comments/${mine}/attachments`, { bytes: png(), name: 'own.png' }, {}, member));
    expect((await t.request('DELETE', `/attachments/${own.id}`, undefined, { token: member })).status).toBe(204);
    const byAdmin = attached(await upload(t, `/comments/${mine}/attachments`, { bytes: png(), name: 'admin.png' }));
    expect((await t.request('DELETE', `/attachments/${byAdmin.id}`)).status).toBe(204);
    // Files on a description are the record's, which members write.
    const onFeature = attached(await upload(t, `/features/${feature.id}/attachments`, { bytes: png(), name: 'spec.png' }));
    expect((await t.request('DELETE', `/attachments/${onFeature.id}`, undefined, { token: member })).status).toBe(204);
    // A placeholder kept for its replies is a deleted comment: no file goes on it.
    const parent = await makeComment(feature.id, '<p>Parent</p>', member);
    const reply = await t.request('POST', `/features/${feature.id}/comments`, {
      comment: { body: '<p>Reply</p>', parent_comment_id: parent },
    });
    expect(reply.status, reply.text).toBe(200);
    expect((await t.request('DELETE', `/comments/${parent}`, undefined, { token: member })).status).toBe(204);
    const onDeleted = await upload(t, `/comments/${parent}/attachments`, { bytes: png(), name: 'late.png' }, {}, member);
    expect(onDeleted.status, onDeleted.text).toBe(404);
  });

  it('documents the 403 on both operations', async () => {
    const doc = (await t.get<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>('/openapi.json')).body;
    expect(Object.keys(doc.paths['/comments/{comment_id}/attachments']?.post?.responses ?? {})).toContain('403');
    expect(Object.keys(doc.paths['/attachments/{id}']?.delete?.responses ?? {})).toContain('403');
  });
});

describe('attachments on descriptions', () => {
  it('attach to features, epics and ideas by id or key, answered in description.attachments', async () => {
    const feature = await makeFeature(t, releaseId, { description: '<p>Spec</p>' });
    const bytes = png();
    const onFeature = attached(await upload(t, `/features/${feature.reference_num}/attachments`, { bytes, name: 'flow.png' }));
    const link = expectOk(
      await t.request('POST', `/features/${feature.id}/attachments`, {
        attachment: { file_url: 'https://example.com/spec', file_name: 'Spec' },
      }),
      attachmentEnvelope,
    ).attachment;
    const shown = featureEnvelope.parse((await t.get(`/features/${feature.id}`)).body).feature;
    expect(shown.description?.attachments).toEqual([onFeature, link]);
    expect(shown.description?.body).toBe('<p>Spec</p>');
    // In a page of features too (one query for the page's files).
    const page = await t.get<{ features: { id: string; description: { attachments: Attachment[] } | null }[] }>(
      `/releases/${releaseId}/features?fields=description&per_page=200`,
    );
    expect(page.body.features.find((f) => f.id === feature.id)?.description?.attachments).toEqual([onFeature, link]);

    // A description with no text but files still answers them.
    const epic = await makeEpic(t, releaseId);
    expect(epic.description).toBeNull();
    const onEpic = attached(await upload(t, `/epics/${epic.reference_num}/attachments`, { bytes: png(), name: 'epic.png' }));
    const epicShown = await t.get<{ epic: { description: { body: string; attachments: Attachment[] } | null } }>(`/epics/${epic.id}`);
    expect(epicShown.body.epic.description).toMatchObject({ body: '', attachments: [onEpic] });

    const ideas = await t.get<{ ideas: { id: string }[] }>('/products/PLN/ideas');
    const ideaId = ideas.body.ideas[0]?.id ?? '';
    const onIdea = attached(await upload(t, `/ideas/${ideaId}/attachments`, { bytes: png(), name: 'idea.png' }));
    const idea = await t.get<{ idea: { description: { attachments: Attachment[] } | null } }>(`/ideas/${ideaId}`);
    expect(idea.body.idea.description?.attachments).toContainEqual(onIdea);

    expect((await upload(t, '/features/PLN-999999/attachments', { bytes: png(), name: 'x.png' })).status).toBe(404);
    expect((await upload(t, '/epics/999999/attachments', { bytes: png(), name: 'x.png' })).status).toBe(404);
  });

  it('go with their record into the recycle bin: a deleted feature leaves no attachment row, its blob stays for a restore', async () => {
    const feature = await makeFeature(t, releaseId);
    const bytes = png();
    const file = attached(await upload(t, `/features/${feature.id}/attachments`, { bytes, name: 'gone.png' }));
    expect((await t.request('DELETE', `/features/${feature.id}`)).status).toBe(204);
    expect(await t.service.store.db.selectFrom('attachments').select('id').where('id', '=', Number(file.id)).execute()).toEqual([]);
    expect((await download(file.download_url)).res.status).toBe(404);
    // The recycle bin's payload still names the file, so its bytes are kept.
    expect(fs.existsSync(blobFile(t, sha256(bytes)))).toBe(true);
  });

  it('attach to a note (pages) by id or key', async () => {
    const made = await t.request<{ page: { id: string; reference_num: string } }>('POST', '/products/PLN/pages', {
      page: { name: 'Files note' },
    });
    expect(made.status, made.text).toBe(200);
    const file = attached(await upload(t, `/pages/${made.body.page.reference_num}/attachments`, { bytes: png(), name: 'note.png' }));
    const shown = await t.get<{ page: { description: { attachments: Attachment[] } | null } }>(`/pages/${made.body.page.id}`);
    expect(shown.body.page.description?.attachments).toEqual([file]);
  });
});

describe('an upload the client abandons', () => {
  it('leaves no temporary file and no row', async () => {
    const comment = await makeComment((await makeFeature(t, releaseId)).id);
    const before = { attachments: await rowCount(t, 'attachments'), blobs: await rowCount(t, 'blobs') };
    const boundary = 'abandoned-upload-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="attachment[data]"; filename="half.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    let req: http.ClientRequest | undefined;
    const gone = new Promise<void>((resolve) => {
      req = http.request({
        host: '127.0.0.1',
        port: t.service.port,
        path: `/api/v1/comments/${comment}/attachments`,
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TEST_TOKEN}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + 2 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(head);
      req.write(crypto.randomBytes(256 * 1024));
    });
    // Part of the file is in its temporary file; then the client goes away.
    await expect.poll(() => tempFiles(t).length, { timeout: 5000 }).toBe(1);
    req?.destroy();
    await gone;
    // The service notices the closed connection and cleans up.
    await expect.poll(() => tempFiles(t), { timeout: 5000 }).toEqual([]);
    expect(await rowCount(t, 'attachments')).toBe(before.attachments);
    expect(await rowCount(t, 'blobs')).toBe(before.blobs);
  });
});
