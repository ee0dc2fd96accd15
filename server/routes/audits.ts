// Record history (issue 13): `GET /audits` (the last 12 calendar months, any signed-in user) and the
// historical audit search over what is older (administrators): the index, an estimate, creating a
// search and reading it (operation 9). Rows of the route table; the rules are the store's
// (audit-log.ts, historical-search.ts, historical-tokens.ts). Every answer of the historical rows,
// refusals included, carries `X-Historical-Tokens-Available`.
import type { Context } from 'hono';
import {
  HISTORICAL_TOKENS_HEADER,
  auditListQuery,
  auditPage,
  historicalEstimate,
  historicalEstimateQuery,
  historicalIndexPage,
  historicalIndexQuery,
  historicalSearchBody,
  historicalSearchCreated,
  historicalSearchQuery,
  historicalSearchResult,
} from '../../src/contract/audits';
import { pageAnswer } from '../http/list-rows';
import { originOf } from '../http/query';
import { route } from '../http/route-table';
import type { AnswerHeaders } from '../http/route-table';
import { listAudits, shapeAudits } from '../store/audit-log';
import { createSearch, estimateSearch, historicalIndex, readSearch, searchRunner, SEARCH_PAGE } from '../store/historical-search';
import { DEFAULT_TOKENS, TokensExhausted, tokensAvailable } from '../store/historical-tokens';
import type { AppEnv } from '../types';

const TAGS = ['Audits'];
const HISTORICAL_TAGS = ['Historical audits'];

/** The bucket's whole tokens now, on every answer of the historical rows. */
const tokensHeader: AnswerHeaders = {
  documented: {
    [HISTORICAL_TOKENS_HEADER]: {
      description: "Whole tokens in the account's historical-search bucket now.",
      schema: { type: 'integer', minimum: 0 },
    },
  },
  values: async (c: Context<AppEnv>) => {
    const { db, clock } = c.get('store');
    return { [HISTORICAL_TOKENS_HEADER]: String(await tokensAvailable(db, clock.now())) };
  },
};

const FILTERS =
  '`auditable_type` (any case; the hosted `Ideas::Idea` and `StrategicImperative` too) and `auditable_id`; ' +
  '`associated_type` and `associated_id` (rows of records that belong to that one: its requirements, comments, votes, files); ' +
  '`user_id` (id or email); `created_since` (inclusive) and `created_before` (exclusive), ISO 8601; `audit_action` ' +
  '(`create`, `update`, `destroy`)';

const TOKENS =
  `Costs are in tokens of one bucket for the account (by default ${DEFAULT_TOKENS.capacity} tokens, refilled continuously at ` +
  `${DEFAULT_TOKENS.refillPerSecond} a second; a token pays for ${DEFAULT_TOKENS.rowsPerToken} audit rows read, a search at least one). ` +
  `Every answer, refusals included, carries \`${HISTORICAL_TOKENS_HEADER}\` (whole tokens available now).`;

const RANGE =
  'Only audits older than the 12-month cut (the first instant, UTC, of the calendar month twelve months before the current ' +
  'one) are searched: a `created_since` or `created_before` after it is refused on that field (422 in the body of a search, 400 in a query), pointing at `GET /audits`. ' +
  'Without `created_since` the range starts at the oldest row; without `created_before` it ends at the cut.';

export const auditRoutes = [
  route({
    method: 'get',
    path: '/audits',
    op: 'audits_list',
    summary: 'List record history (the last 12 calendar months)',
    description:
      'Every create, update and delete, written in the same transaction as the change: who (`user`, null for the service ' +
      'itself), when, `description` ("updated feature PLN-12 Sign-in with SSO"), `changes` (`value` "old → new", and ' +
      '`old_value` / `new_value`), `auditable_url` (null once the record is gone), `interesting` (false when only ' +
      'bookkeeping moved: a position, a vote count), `reference_num` and `restored_from_deletion_id` (a create written by a ' +
      'restore from the recycle bin). Only rows created at or after the 12-month cut (the first instant, UTC, of the ' +
      'calendar month twelve months before the current one); older ones are found by the historical search. ' +
      `Filters: ${FILTERS}; \`product_id\` (id or prefix: the workspace of the record, or of the record it belongs to); ` +
      '`include_associated=true` with `auditable_type` and `auditable_id` adds the rows of records that belong to it (a ' +
      "record's whole history); `after_id` lists rows after that one (oldest first unless `order` says otherwise). A filter " +
      'naming nothing (an unknown user, type or workspace) matches nothing. Newest first unless `order=oldest`; `page`, ' +
      '`per_page` (at most 200) and `fields` as every list.',
    tags: TAGS,
    query: auditListQuery,
    response: auditPage,
    handler: (c, { query }) =>
      pageAnswer(
        'audits',
        (db, nowMs: number, p, q: typeof query) => listAudits(db, q, p, nowMs),
        (rows, ctx) => shapeAudits(ctx.get('store').db, rows, originOf(ctx)),
      )(c, query, c.get('store').clock.now()),
  }),
  route({
    method: 'get',
    path: '/historical_audits',
    op: 'historical_audits_index',
    summary: 'Read the historical index (costs nothing)',
    description:
      'Administrators only. One row per record and person active on it within the range, with the days they were active ' +
      '(`dates_active`, UTC): where to point a search. Rows the service wrote itself (no person) are left out. ' +
      `${RANGE} Filters: ${FILTERS.replace('; `audit_action` (`create`, `update`, `destroy`)', '')}. Ordered by record, then ` +
      `person. Costs no tokens. ${TOKENS}`,
    tags: HISTORICAL_TAGS,
    access: 'administrator',
    query: historicalIndexQuery,
    response: historicalIndexPage,
    answerHeaders: tokensHeader,
    handler: (c, { query }) =>
      pageAnswer('historical_audits', (db, nowMs: number, p, q: typeof query) => historicalIndex(db, q, p, nowMs))(
        c,
        query,
        c.get('store').clock.now(),
      ),
  }),
  // A fixed segment before `/historical_audits/{search_id}`, so `estimate` is never read as an id.
  route({
    method: 'get',
    path: '/historical_audits/estimate',
    op: 'historical_audits_estimate',
    summary: 'What a search would cost (costs nothing)',
    description:
      "Ours. Administrators only. The search's filters as query parameters (as `POST /historical_audits` takes them); " +
      'answers `max_cost` (what creating it would charge), `rows_in_range` (the rows it may read: those of the whole ' +
      'calendar months its range touches that match `user_id`, `auditable_type` and `audit_action` — each of the three ' +
      'lowers it), `tokens_available`, the bucket (`capacity`, `refill_per_second`, `rows_per_token`), `retry_after` ' +
      '(seconds until it can be paid, 0 now, null never: over the capacity) and the range after its defaults. The same ' +
      `problems as the search, each a 400 naming its query parameter. ${TOKENS}`,
    tags: HISTORICAL_TAGS,
    access: 'administrator',
    query: historicalEstimateQuery,
    response: historicalEstimate,
    answerHeaders: tokensHeader,
    handler: async (c, { query }) => {
      const { db, clock } = c.get('store');
      return c.json(await estimateSearch(db, query, clock.now()));
    },
  }),
  route({
    method: 'post',
    path: '/historical_audits',
    op: 'historical_audits_create',
    summary: 'Create an audit search (charges its maximum cost)',
    description:
      'Administrators only. `{"search": {created_since, created_before, auditable_type, auditable_id, associated_type, ' +
      'associated_id, user_id, audit_action, after_id}}` (ids as numbers or strings; `user_id` an id or email). The search ' +
      'runs in the background; read it with operation 9 (`GET /historical_audits/{search_id}`). Its maximum cost (see ' +
      '`GET /historical_audits/estimate`) is charged now: 429 with `Retry-After` (seconds) when the bucket cannot pay it ' +
      'yet, 422 when it never could (more than the capacity: narrow the range or add filters). Its actual cost is what ' +
      'it read: the rows of its exact range matching `user_id`, `auditable_type` and `audit_action`; the difference is ' +
      `refunded when it has finished and is first read. ${RANGE} An unknown \`auditable_type\` or user is 422. ${TOKENS}`,
    tags: HISTORICAL_TAGS,
    access: 'administrator',
    body: historicalSearchBody,
    response: historicalSearchCreated,
    answerHeaders: tokensHeader,
    handler: async (c, { body }) => {
      const store = c.get('store');
      try {
        const made = await createSearch(store.db, { input: body.data, checked: body, userId: c.get('user').id, nowMs: store.clock.now() });
        if (made.running) searchRunner(store).start(made.id);
        return c.json({ search_id: String(made.id), max_cost: made.maxCost, tokens_available: made.available });
      } catch (err) {
        if (!(err instanceof TokensExhausted)) throw err;
        return c.json({ error: err.message }, 429, { 'Retry-After': String(err.retryAfter) });
      }
    },
  }),
  route({
    method: 'get',
    path: '/historical_audits/{search_id}',
    op: 'historical_audits_show',
    summary: 'Read the results of an audit search',
    description:
      `Operation 9. Administrators only. A page of ${SEARCH_PAGE} audits (the shape of \`GET /audits\`) after \`next_token\`, ` +
      'oldest first; `running` while the search reads (a page then holds what it found so far, and `next_token` is always ' +
      'given); `results_complete` once it has finished and found everything; `next_token` null on the page that reaches ' +
      'the end of a finished search — pages never repeat or skip a row. `token_cost` is the actual cost, known once it ' +
      'has finished; the first read of a finished search refunds `max_cost − token_cost` (`refunded`). Ours besides: ' +
      '`max_cost`, `progress` (0–1), `state`, `total_results` and the filters as checked (`search`). Answered on the main ' +
      `thread (the refund is a write). ${TOKENS}`,
    tags: HISTORICAL_TAGS,
    access: 'administrator',
    params: { search_id: 'The `search_id` its create answered' },
    query: historicalSearchQuery,
    response: historicalSearchResult,
    mainThread: true,
    answerHeaders: tokensHeader,
    handler: async (c, { params, query }) => {
      const { db, clock } = c.get('store');
      return c.json(await readSearch(db, { id: params.search_id, nextToken: query.next_token, nowMs: clock.now(), origin: originOf(c) }));
    },
  }),
] as const;
