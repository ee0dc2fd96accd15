// `npm run bench`: the service's list and write latency on a large workspace, over real HTTP on
// loopback, on SQLite and on PostgreSQL side by side. Seeds 100,000 features into one release,
// 5,000 initiatives in a tree and 20,000 epics over the product's releases, 100,000 ideas with
// 1,000,000 votes, 5,000 notes and 1,000 comments (BENCH_FEATURES, BENCH_INITIATIVES, BENCH_EPICS,
// BENCH_IDEAS, BENCH_VOTES, BENCH_NOTES, BENCH_COMMENTS change them) into a temporary database of
// each kind, then times each scenario a bounded number of times (BENCH_RUNS) and prints one table:
// p50 and p95 in milliseconds on each database. PostgreSQL is bench/postgres.ts's (BENCH_DATABASE_URL
// or a throwaway cluster); without either its column says it was skipped. BENCH_ONLY=sqlite or
// BENCH_ONLY=postgres runs one. Figures: docs/bench.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bulkSeeders } from '../server/seed/bulk-postgres';
import { startService } from '../server/start';
import { demoPlace } from './demo';
import { benchDatabase } from './postgres';

const FEATURES = Number(process.env.BENCH_FEATURES ?? 100_000);
const EPICS = Number(process.env.BENCH_EPICS ?? 20_000);
const INITIATIVES = Number(process.env.BENCH_INITIATIVES ?? 5_000);
const IDEAS = Number(process.env.BENCH_IDEAS ?? 100_000);
const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
/** Votes on the idea the merge scenario moves (issue 11: a merge of an idea with 10,000 votes ≤ 50 ms). */
const HEAVY_VOTES = 10_000;
/** Notes in one product's tree (issue 12: the tree of 5,000 notes is read whole in one request). */
const NOTES = Number(process.env.BENCH_NOTES ?? 5_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000);
const ONLY = process.env.BENCH_ONLY;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const TOKEN = 'bench-token-0123456789';

interface Row {
  scenario: string;
  p50: number;
  p95: number;
  max: number;
  note: string;
}

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

function summary(scenario: string, times: number[], note: string): Row {
  const sorted = [...times].sort((a, b) => a - b);
  return { scenario, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) ?? NaN, note };
}

/** Every scenario on one database: SQLite in a temporary folder, or the PostgreSQL `databaseUrl` names. */
async function measure(label: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-'));
  const service = await startService({ dataDir, databaseUrl, port: 0, adminToken: TOKEN, seed: 'demo' });
  const bulk = bulkSeeders(service.store);
  const say = (line: string) => console.log(`${label}: ${line}`);
  const headers = { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const api = async (method: string, p: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(`${service.url}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };

  try {
    const { product, release } = await demoPlace(service.store.db);
    const user = await service.store.db.selectFrom('users').select(['id', 'email']).orderBy('id').executeTakeFirstOrThrow();

    const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
    let t0 = performance.now();
    await bulk.features(product.id, release.id, FEATURES);
    say(`seeded ${FEATURES.toLocaleString('en')} features in ${seconds(t0)}`);
    // Initiatives first, so a third of the epics can name one of them.
    t0 = performance.now();
    const tree = await bulk.initiatives(product.id, INITIATIVES);
    await bulk.epics(product.id, EPICS, { initiativeIds: tree.ids });
    say(`seeded ${INITIATIVES.toLocaleString('en')} initiatives and ${EPICS.toLocaleString('en')} epics in ${seconds(t0)}`);

    // Ideas and their votes (issue 11): the first idea carries HEAVY_VOTES votes for the merge.
    t0 = performance.now();
    const ideaIds = await bulk.ideas(product.id, { ideas: IDEAS, votes: VOTES, heavy: HEAVY_VOTES });
    say(`seeded ${IDEAS.toLocaleString('en')} ideas and ${VOTES.toLocaleString('en')} votes in ${seconds(t0)}`);

    // A product of its own for the notes tree, so its list is the bench's notes alone.
    t0 = performance.now();
    const notesProduct = await service.store.db.selectFrom('products').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await bulk.notes(notesProduct.id, NOTES);
    say(`seeded ${NOTES.toLocaleString('en')} notes in ${seconds(t0)}`);

    const since = new Date(Date.now() - 60_000).toISOString();
    const lastPage = Math.max(1, Math.floor(FEATURES / 30));
    const scenarios: [string, string, string][] = [
      ['product features, page 1 of 30', `/products/${product.id}/features`, 'compact items'],
      ['product features, deep page', `/products/${product.id}/features?page=${lastPage}`, `page ${lastPage}`],
      ['product features, fields=*', `/products/${product.id}/features?fields=*`, 'full records'],
      ['release features, page 1', `/releases/${release.id}/features`, 'by position'],
      ['filter q (trigram)', `/products/${product.id}/features?q=timeline`, 'name contains'],
      ['filter q (2 chars)', `/products/${product.id}/features?q=ti`, 'LIKE fallback'],
      ['filter tag', `/products/${product.id}/features?tag=security`, ''],
      ['filter assignee', `/products/${product.id}/features?assigned_to_user=${encodeURIComponent(user.email)}`, ''],
      ['filter status', `/products/${product.id}/features?workflow_status=In%20development`, ''],
      ['filter updated_since', `/products/${product.id}/features?updated_since=${encodeURIComponent(since)}`, ''],
      ['filters combined', `/products/${product.id}/features?tag=api&workflow_status=New&q=export&fields=*`, ''],
      ['all features (account)', `/features?per_page=200`, '200 per page'],
      ['feature by key', `/features/${product.reference_prefix}-${Math.floor(FEATURES / 2)}`, 'full record'],
      ['release by key', `/releases/${release.reference_num}`, 'full record'],
    ];

    // Epics and initiatives: the release with the most epics, a parent with children, the account's
    // deepest page of epics.
    const epicRelease = await service.store.db
      .selectFrom('epics')
      .select((eb) => ['release_id', eb.fn.countAll<number>().as('n')])
      .where('product_id', '=', product.id)
      .groupBy('release_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const epicTotal = Number(
      (
        await service.store.db
          .selectFrom('epics')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const parent = tree.ids[0] ?? 0;
    const epicScenarios: [string, string, string][] = [
      [
        'release epics, page 1',
        `/releases/${epicRelease.release_id}/epics`,
        `${Number(epicRelease.n).toLocaleString('en')} epics, by position`,
      ],
      ['all epics (op 7), page 1', '/epics', 'compact items'],
      ['all epics, deep page', `/epics?page=${Math.max(1, Math.floor(epicTotal / 30))}`, `page ${Math.max(1, Math.floor(epicTotal / 30))}`],
      ['all epics, fields=*', '/epics?fields=*', 'full records'],
      ['epics q', '/epics?q=timeline', 'name contains (LIKE)'],
      ['epics tag', '/epics?tag=security', ''],
      ['epics assignee', `/epics?assigned_to_user=${encodeURIComponent(user.email)}`, ''],
      ['epics status', '/epics?workflow_status=In%20progress', ''],
      ['epics custom_fields[risk]=High', '/epics?custom_fields%5Brisk%5D=High', ''],
      [
        'epics combined',
        `/releases/${epicRelease.release_id}/epics?tag=api&workflow_status=New&custom_fields%5Brisk%5D=High&q=epic&fields=*`,
        'release, 4 filters, fields=*',
      ],
      ['product initiatives, page 1', `/products/${product.id}/initiatives`, 'compact items'],
      ['initiatives parent_id', `/products/${product.id}/initiatives?parent_id=${parent}&fields=*`, 'children of a root'],
      ['initiatives roots', `/products/${product.id}/initiatives?parent_id=null`, ''],
    ];

    const ideaScenarios: [string, string, string][] = [
      ['ideas sort=popular, page 1', `/products/${product.id}/ideas?sort=popular`, `${IDEAS.toLocaleString('en')} ideas, target p95 ≤ 10`],
      ['ideas sort=popular, fields=*', `/products/${product.id}/ideas?sort=popular&fields=*`, 'full records'],
      ['related ideas', '/ideas/related?q=timeline%20export', 'ranked FTS, target p95 ≤ 20'],
    ];

    const noteScenarios: [string, string, string][] = [
      [
        'notes tree, whole',
        `/products/${notesProduct.id}/pages?per_page=10000`,
        `${NOTES.toLocaleString('en')} notes in one request (the app's tree)`,
      ],
      ['notes, page 1', `/products/${notesProduct.id}/pages`, 'hosted list item, 30'],
    ];

    const rows: Row[] = [];
    const timeGets = async (list: [string, string, string][]) => {
      for (const [name, p, note] of list) {
        const times: number[] = [];
        for (let i = 0; i < WARMUP + RUNS; i++) {
          const s = performance.now();
          const r = await api('GET', p);
          const ms = performance.now() - s;
          if (r.status !== 200) throw new Error(`${name}: ${p} answered ${r.status} ${JSON.stringify(r.json)}`);
          if (i >= WARMUP) times.push(ms);
        }
        rows.push(summary(name, times, note));
      }
    };
    await timeGets(scenarios);
    await timeGets(ideaScenarios);
    await timeGets(noteScenarios);

    // Comments (issue 12): a feature with COMMENTS comments, every fifth a reply to the one before;
    // its thread's first page (oldest and newest threads first) and the whole thread read as the app
    // would, pages of 200 one after another.
    const commented = await service.store.db
      .selectFrom('features')
      .select('id')
      .where('product_id', '=', product.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    t0 = performance.now();
    await service.store.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      let top = 0;
      for (let i = 0; i < COMMENTS; i++) {
        const reply = i % 5 === 4 && top > 0;
        const { id } = await trx
          .insertInto('comments')
          .values({
            commentable_type: 'Feature',
            commentable_id: commented.id,
            product_id: product.id,
            parent_comment_id: reply ? top : null,
            thread_id: reply ? top : 0,
            body: `<p>Bench comment ${i} with a few words of text, as people write them.</p>`,
            user_id: user.id,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (!reply) {
          top = id;
          await trx.updateTable('comments').set({ thread_id: id }).where('id', '=', id).execute();
        }
      }
    });
    say(`seeded ${COMMENTS.toLocaleString('en')} comments on one feature in ${seconds(t0)}`);
    await timeGets([
      ['comments of a record, page 1', `/features/${commented.id}/comments`, `${COMMENTS.toLocaleString('en')} comments, 30`],
      ['comments of a record, newest', `/features/${commented.id}/comments?order=newest`, 'newest threads first, 30'],
    ]);
    const wholeThread: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const s = performance.now();
      for (let page = 1; page <= Math.ceil(COMMENTS / 200); page++) {
        const r = await api('GET', `/features/${commented.id}/comments?per_page=200&page=${page}`);
        if (r.status !== 200) throw new Error(`comments page ${page} answered ${r.status}`);
      }
      if (i >= WARMUP) wholeThread.push(performance.now() - s);
    }
    rows.push(summary('comments of a record, whole', wholeThread, `${Math.ceil(COMMENTS / 200)} pages of 200 in turn`));

    // Merge of the idea with HEAVY_VOTES votes into another (its voters also vote there), then the
    // unmerge that gives them back: both one transaction each.
    const [heavyIdea, survivorIdea] = ideaIds;
    const merges: number[] = [];
    const unmerges: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 20); i++) {
      let s = performance.now();
      const merged = await api('PUT', `/ideas/${heavyIdea}`, { idea: { duplicate_idea: String(survivorIdea) } });
      merges.push(performance.now() - s);
      if (merged.status !== 200) throw new Error(`merge answered ${merged.status} ${JSON.stringify(merged.json)}`);
      s = performance.now();
      const back = await api('PUT', `/ideas/${heavyIdea}`, { idea: { duplicate_idea: null } });
      unmerges.push(performance.now() - s);
      if (back.status !== 200) throw new Error(`unmerge answered ${back.status}`);
    }
    rows.push(summary('merge idea of 10,000 votes', merges, 'target ≤ 50'), summary('unmerge it', unmerges, 'every vote back'));

    // Writes: a create and an update each recompute roll-ups on a release of FEATURES features.
    const writes: number[] = [];
    const updates: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let s = performance.now();
      const created = await api('POST', `/releases/${release.id}/features`, {
        feature: { name: `Bench feature ${i}`, initial_estimate_text: '1d 2h', tags: 'bench' },
      });
      writes.push(performance.now() - s);
      if (created.status !== 200) throw new Error(`create answered ${created.status} ${JSON.stringify(created.json)}`);
      const id = (created.json as { feature: { id: string } }).feature.id;
      s = performance.now();
      const updated = await api('PUT', `/features/${id}`, { feature: { remaining_estimate_text: '4h' } });
      updates.push(performance.now() - s);
      if (updated.status !== 200) throw new Error(`update answered ${updated.status}`);
    }
    rows.push(summary('create feature (op 1)', writes, 'with roll-ups'), summary('update feature (op 2)', updates, 'with roll-ups'));

    await timeGets(epicScenarios);

    // Epic writes roll up: the epic's progress from its remaining estimate, then an initiative that
    // follows its epics, under a bulk initiative (so its chain is walked too).
    const rollup = await api('POST', `/products/${product.id}/initiatives`, {
      initiative: {
        name: 'Bench roll-up initiative',
        workflow_status: { name: 'On track' },
        parent_id: parent,
        progress_source: 'progress_from_epics',
        duration_source: 'duration_from_features_epics',
      },
    });
    if (rollup.status !== 200) throw new Error(`initiative create answered ${rollup.status} ${JSON.stringify(rollup.json)}`);
    const rollupKey = (rollup.json as { initiative: { reference_num: string } }).initiative.reference_num;
    const epicWrites: number[] = [];
    const epicUpdates: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let s = performance.now();
      const created = await api('POST', `/releases/${release.id}/epics`, {
        epic: {
          name: `Bench epic ${i}`,
          initial_estimate_text: '3d',
          remaining_estimate_text: '2d',
          progress_source: 'progress_from_remaining_estimate',
          tags: 'bench,api',
          initiative: rollupKey,
          custom_fields: { risk: 'High' },
        },
      });
      epicWrites.push(performance.now() - s);
      if (created.status !== 200) throw new Error(`epic create answered ${created.status} ${JSON.stringify(created.json)}`);
      const id = (created.json as { epic: { id: string } }).epic.id;
      s = performance.now();
      const updated = await api('PUT', `/epics/${id}`, { epic: { remaining_estimate_text: '1d', tags: 'bench' } });
      epicUpdates.push(performance.now() - s);
      if (updated.status !== 200) throw new Error(`epic update answered ${updated.status} ${JSON.stringify(updated.json)}`);
    }
    rows.push(summary('create epic (op 5)', epicWrites, 'with roll-ups'), summary('update epic', epicUpdates, 'with roll-ups'));

    // A feature in an epic and an initiative under a bulk initiative: its roll-ups reach the release
    // of FEATURES features, the epic, the initiative and the initiative's chain. The update moves its
    // status, which every level above reads.
    const epicKey = await service.store.db
      .selectFrom('epics')
      .select('reference_num')
      .where('name', '=', `Bench epic ${RUNS - 1}`)
      .executeTakeFirstOrThrow();
    const linkedWrites: number[] = [];
    const linkedUpdates: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let s = performance.now();
      const created = await api('POST', `/releases/${release.id}/features`, {
        feature: { name: `Bench linked feature ${i}`, epic: epicKey.reference_num, initiative: rollupKey, initial_estimate_text: '1d' },
      });
      linkedWrites.push(performance.now() - s);
      if (created.status !== 200) throw new Error(`linked create answered ${created.status} ${JSON.stringify(created.json)}`);
      const id = (created.json as { feature: { id: string } }).feature.id;
      s = performance.now();
      const updated = await api('PUT', `/features/${id}`, {
        feature: { workflow_status: { name: 'In development' }, remaining_estimate_text: '2h' },
      });
      linkedUpdates.push(performance.now() - s);
      if (updated.status !== 200) throw new Error(`linked update answered ${updated.status} ${JSON.stringify(updated.json)}`);
    }
    rows.push(
      summary('create feature in epic', linkedWrites, 'epic, initiative chain'),
      summary('update feature status in epic', linkedUpdates, 'epic, initiative chain'),
    );

    // Requirements of a feature whose progress comes from them, in the release of FEATURES features.
    const parentFeature = await api('POST', `/releases/${release.id}/features`, {
      feature: { name: 'Bench requirements feature', progress_source: 'progress_from_requirements', epic: epicKey.reference_num },
    });
    if (parentFeature.status !== 200) throw new Error(`feature create answered ${parentFeature.status}`);
    const parentId = (parentFeature.json as { feature: { id: string } }).feature.id;
    const requirementWrites: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const created = await api('POST', `/features/${parentId}/requirements`, { requirement: { name: `Bench requirement ${i}` } });
      requirementWrites.push(performance.now() - s);
      if (created.status !== 200) throw new Error(`requirement create answered ${created.status} ${JSON.stringify(created.json)}`);
    }
    rows.push(summary('create requirement (op 3)', requirementWrites, 'feature, release, epic'));

    return rows;
  } finally {
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const sqlite = ONLY === 'postgres' ? null : await measure('SQLite', undefined);
  let postgres: Row[] | null = null;
  let skipped = ONLY === 'sqlite' ? 'BENCH_ONLY=sqlite' : '';
  if (!skipped) {
    const database = await benchDatabase();
    if ('skipped' in database) skipped = database.skipped;
    else {
      console.log(`PostgreSQL: ${database.where}`);
      try {
        postgres = await measure('PostgreSQL', database.url);
      } finally {
        await database.done();
      }
    }
  }
  if (skipped) console.log(`PostgreSQL skipped: ${skipped}`);

  const scenarios = (sqlite ?? postgres ?? []).map((r) => r.scenario);
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(2)).padStart(9);
  console.log(
    `\n${pad('', 34)}${pad('  SQLite (ms)', 18)}${pad('  PostgreSQL (ms)', 18)}\n${pad('scenario', 34)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}  note`,
  );
  for (const name of scenarios) {
    const a = sqlite?.find((r) => r.scenario === name);
    const b = postgres?.find((r) => r.scenario === name);
    console.log(`${pad(name, 34)}${num(a?.p50)}${num(a?.p95)}${num(b?.p50)}${num(b?.p95)}  ${(a ?? b)?.note ?? ''}`);
  }
  console.log(
    `\n${RUNS} timed runs per scenario after ${WARMUP} warm-up runs; HTTP over loopback, one client; ${((performance.now() - started) / 60_000).toFixed(1)} min in all.`,
  );
  console.log('PostgreSQL: one service instance, no read workers (more instances are the way to more reads: bench/instances.ts).');
  console.log('Write latency before and after the roll-up scheduler (same bench, same machine): docs/bench.md.');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
