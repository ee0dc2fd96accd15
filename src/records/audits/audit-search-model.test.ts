// The audit search form's rules: the 12-month boundary, the search sent, the service's field errors
// placed on the form, the cost against the tokens, and the wait a refusal asks for.
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../ui/format';
import { costVerdict, formProblems, initialForm, lastSearchableDay, placeFieldErrors, searchInput, waitText } from './audit-search-model';

const now = new Date('2026-11-28T10:00:00Z');

describe('the 12-month boundary', () => {
  it("ends the search the day before the service's cut: the first of the month twelve months back", () => {
    expect(lastSearchableDay(now)).toBe('2025-10-31');
    expect(lastSearchableDay(new Date('2024-03-31T08:00:00Z'))).toBe('2023-02-28');
    expect(lastSearchableDay(new Date('2026-01-01T00:30:00Z'))).toBe('2024-12-31');
  });

  it('starts on three months up to that day, on the record a History tab names', () => {
    expect(initialForm(now, { type: 'Feature', id: '12' })).toEqual({
      from: '2025-08-01',
      to: '2025-10-31',
      user: '',
      type: 'Feature',
      recordId: '12',
      action: '',
    });
  });

  it('says what is wrong next to each field', () => {
    const form = initialForm(now);
    expect(formProblems(form, now)).toEqual({});
    expect(formProblems({ ...form, to: '2025-11-01' }, now).to).toBe(
      `Must end on or before ${formatDate('2025-10-31')}: the last 12 months are in each record's History.`,
    );
    expect(formProblems({ ...form, from: '2025-11-01', to: '2025-10-01' }, now).from).toBe('Must be on or before the last day.');
    expect(formProblems({ ...form, from: '' }, now).from).toBe('Choose the first day to search.');
    expect(formProblems({ ...form, recordId: 'PLN-12' }, now).recordId).toBe('A record id is a number.');
  });
});

describe('the search sent', () => {
  it('covers whole days and leaves out what was not chosen', () => {
    expect(searchInput(initialForm(now))).toEqual({
      created_since: '2025-08-01T00:00:00.000Z',
      created_before: '2025-11-01T00:00:00.000Z',
    });
    expect(searchInput({ ...initialForm(now), user: '3', type: 'Epic', recordId: ' 40 ', action: 'destroy' })).toMatchObject({
      user_id: '3',
      auditable_type: 'Epic',
      auditable_id: '40',
      audit_action: 'destroy',
    });
  });

  it("puts the service's field errors on the form's fields", () => {
    expect(
      placeFieldErrors({
        created_before: ['must be older than 12 months'],
        'search.user_id': ['is not a user'],
        next_token: ['is not valid'],
      }),
    ).toEqual({ fields: { to: 'must be older than 12 months', user: 'is not a user' }, rest: ['next token is not valid'] });
  });
});

describe('tokens', () => {
  it('refuses to run a search the tokens cannot pay, saying why and for how long', () => {
    expect(costVerdict({ max_cost: 40, retry_after: 0 }, 500)).toEqual({ ok: true, reason: null });
    expect(costVerdict(undefined, 500).ok).toBe(true);
    const short = costVerdict({ max_cost: 600 }, 500);
    expect(short.ok).toBe(false);
    expect(short.reason).toMatch(/^This search may cost up to 600 tokens and 500 are available\. Narrow the dates/);
    expect(costVerdict({ max_cost: 600, retry_after: 120 }, 500, now).reason).toMatch(
      /^This search may cost up to 600 tokens and 500 are available: enough in about 2 minutes \(at \d\d:\d\d\)\./,
    );
    expect(costVerdict({ max_cost: 6000, retry_after: null, capacity: 1000 }, 500).reason).toMatch(
      /500 are available, more than the account can ever hold \(1,000\)\./,
    );
  });

  it('says when a refusal for tokens will pass', () => {
    expect(waitText(4000, now)).toBe('in a few seconds');
    expect(waitText(45_000, now, 'UTC')).toBe('in about 45 seconds (at 10:00)');
    expect(waitText(125_000, now, 'UTC')).toBe('in about 2 minutes (at 10:02)');
    expect(waitText(3 * 3600_000, now, 'UTC')).toBe('in about 3 hours (at 13:00)');
  });
});
