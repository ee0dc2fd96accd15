// The request forms the hosted service's examples send (issue 10): object references
// (`{"email": …}`, `{"id": …}`, `{"name": …}`), ids as numbers or strings, statuses by name or id,
// the `custom_fields.<key>` filter form — and the refusals: a form we do not read is a 422 naming
// the field and the forms accepted, a query parameter we do not read is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { makeFeature, makeRelease, uniqueName } from './test/records';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.close();
});

type Rec = Record<string, unknown> & { id: string };
const rec = (body: unknown, key: string): Rec => (body as Record<string, Rec>)[key] as Rec;
const problem = (body: unknown, field: string): string => errorBodySchema.parse(body).errors?.[field]?.[0] ?? '';

describe('request forms of the hosted examples', () => {
  it('take the assignee as an email or {"email": …}, and name the forms when neither', async () => {
    const release = await makeRelease(t, { name: uniqueName('Forms') });
    const asObject = await t.request('POST', `/releases/${release.id}/features`, { feature: { name: 'A', assigned_to_user: { email: 'sam@planner.local' } } });
    expect(asObject.status).toBe(200);
    expect((rec(asObject.body, 'feature').assigned_to_user as { email: string }).email).toBe('sam@planner.local');
    const req = await t.request('POST', `/features/${rec(asObject.body, 'feature').id}/requirements`, {
      requirement: { name: 'R', assigned_to_user: 'morgan@planner.local' },
    });
    expect(req.status).toBe(200);
    expect((rec(req.body, 'requirement').assigned_to_user as { email: string }).email).toBe('morgan@planner.local');
    const wrong = await t.request('POST', `/releases/${release.id}/features`, { feature: { name: 'B', assigned_to_user: { name: 'Sam' } } });
    expect(wrong.status).toBe(422);
    expect(problem(wrong.body, 'assigned_to_user')).toMatch(/an email address, an object \{"email": …\}, or null/);
  });

  it('take a status by {"name"}, {"id"}, its name or its id, and name what was sent when it is none', async () => {
    const feature = await makeFeature(t, (await makeRelease(t, { name: uniqueName('Statuses') })).reference_num, { name: 'S' });
    const statusOf = async (sent: unknown): Promise<{ status: number; name: string; id: string; body: unknown }> => {
      const res = await t.request('PUT', `/features/${feature.id}`, { feature: { workflow_status: sent } });
      const s = res.status === 200 ? (rec(res.body, 'feature').workflow_status as { name: string; id: string }) : { name: '', id: '' };
      return { status: res.status, ...s, body: res.body };
    };
    const byName = await statusOf({ name: 'In review' });
    expect(byName.name).toBe('In review');
    expect((await statusOf('ready to develop')).name).toBe('Ready to develop');
    expect((await statusOf({ id: Number(byName.id) })).name).toBe('In review');
    expect((await statusOf({ id: byName.id })).name).toBe('In review');
    expect((await statusOf(byName.id)).name).toBe('In review');
    const unknown = await statusOf({ id: 999999 });
    expect(unknown.status).toBe(422);
    expect(problem(unknown.body, 'workflow_status')).toMatch(/id 999999 is not/);
    const wrong = await statusOf({ name: 'New', color: 'red' });
    expect(wrong.status).toBe(422);
    expect(problem(wrong.body, 'workflow_status')).toMatch(/\{"name": …\} or \{"id": …\}/);
  });

  it('take a time frame by {"id"} (a number) or {"name"}, as the initiative and goal examples send it', async () => {
    const frames = await t.get<{ time_frames: { id: string; name: string }[] }>('/products/PLN/time_frames');
    const [a, b] = frames.body.time_frames;
    if (!a || !b) throw new Error('the demo account has time frames');
    const initiative = await t.request('POST', '/products/PLN/initiatives', {
      initiative: { name: uniqueName('Framed'), workflow_status: { name: 'Not started' }, time_frame: { id: Number(a.id) } },
    });
    expect(initiative.status).toBe(200);
    expect((rec(initiative.body, 'initiative').time_frame as { id: string }).id).toBe(a.id);
    const goal = await t.request('POST', '/products/PLN/goals', { goal: { name: uniqueName('Framed goal'), time_frame: { name: b.name } } });
    expect(goal.status).toBe(200);
    expect((rec(goal.body, 'goal').time_frame as { id: string }).id).toBe(b.id);
    const wrong = await t.request('POST', '/products/PLN/goals', { goal: { name: 'G', time_frame: { id: 1, name: 'both' } } });
    expect(wrong.status).toBe(422);
    expect(problem(wrong.body, 'time_frame')).toMatch(/an object \{"id": …\} or \{"name": …\}/);
  });
});

describe('list queries', () => {
  it('read custom-field filters in the dot form generated clients send, as the bracket form', async () => {
    const names = async (query: string): Promise<string[]> => {
      const res = await t.get<{ epics: { name: string }[] }>(`/products/PLN/epics?per_page=200${query}`);
      expect(res.status, query).toBe(200);
      return res.body.epics.map((e) => e.name).sort();
    };
    const all = await names('');
    const low = await names('&custom_fields[risk]=Low');
    expect(low.length).toBeGreaterThan(0);
    expect(low.length).toBeLessThan(all.length);
    expect(await names('&custom_fields.risk=Low')).toEqual(low);
    const malformed = await t.get('/products/PLN/epics?custom_fields.=Low');
    expect(malformed.status).toBe(400);
    expect(problem(malformed.body, 'custom_fields')).toMatch(/custom_fields\.<key>=<value>/);
  });

  it('refuse a parameter the list does not read, naming it and the ones it reads, instead of ignoring it', async () => {
    const res = await t.get('/products/PLN/features?colour=red&per_page=5');
    expect(res.status).toBe(400);
    expect(problem(res.body, 'colour')).toMatch(/is not a parameter of GET \/products\/\{product_id\}\/features: this operation reads .*per_page/);
    expect((await t.get('/me?verbose=1')).status).toBe(400);
    expect((await t.get('/products/PLN/features?per_page=5')).status).toBe(200);
  });

  it('choose the members of every list with fields, phases included', async () => {
    const release = (await t.get<{ releases: { id: string }[] }>('/products/PLN/releases')).body.releases[0];
    const res = await t.get<{ release_phases: Record<string, unknown>[] }>(`/releases/${release?.id}/release_phases?fields=name`);
    expect(res.status).toBe(200);
    expect(res.body.release_phases.length).toBeGreaterThan(0);
    for (const phase of res.body.release_phases) expect(Object.keys(phase).sort()).toEqual(['id', 'name']);
  });
});
