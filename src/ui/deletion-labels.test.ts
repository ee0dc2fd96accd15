// The recycle bin in words: kinds, contents, days left (warned from three), the delete and restore
// toasts, link reasons, the preview's groups, refusals in the service's words, restored pages.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import {
  contentsSummary,
  countOf,
  deletedMessage,
  deletionTypeLabel,
  groupByKind,
  inWords,
  restoredHref,
  restoredMessage,
  restoreProblem,
  timeLeft,
  unrestoredReason,
} from './deletion-labels';

const DAY = 86_400_000;

describe('kinds and contents', () => {
  it('names kinds as a person does', () => {
    expect(deletionTypeLabel('ReleasePhase')).toBe('Release phase');
    expect(deletionTypeLabel('Page')).toBe('Note');
    expect(deletionTypeLabel('IdeaVote')).toBe('Vote');
    expect(deletionTypeLabel('PortalUser')).toBe('Portal user');
    expect(deletionTypeLabel('SomethingNew')).toBe('Something new');
  });

  it('counts in the singular and plural', () => {
    expect(countOf('Requirement', 1)).toBe('1 requirement');
    expect(countOf('Requirement', 12)).toBe('12 requirements');
    expect(countOf('Attachment', 2)).toBe('2 files');
  });

  it('sums up what came with a deletion, nothing when nothing did', () => {
    expect(
      contentsSummary([
        { type: 'Requirement', count: 12 },
        { type: 'Comment', count: 3 },
      ]),
    ).toBe('12 requirements, 3 comments');
    expect(contentsSummary([])).toBe('');
    expect(contentsSummary(undefined)).toBe('');
    expect(contentsSummary([{ type: 'Comment', count: 0 }])).toBe('');
  });

  it('lists in words', () => {
    expect(inWords([])).toBe('');
    expect(inWords(['a'])).toBe('a');
    expect(inWords(['a', 'b'])).toBe('a and b');
    expect(inWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('time left', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  const deletedAgo = (days: number) => ({ deleted_at: new Date(now - days * DAY).toISOString() });

  it('reads 30 days right after a delete and counts down in whole days, rounded up', () => {
    expect(timeLeft(deletedAgo(0.001), now)).toEqual({ days: 30, text: '30 days', soon: false });
    expect(timeLeft(deletedAgo(10.5), now)).toEqual({ days: 20, text: '20 days', soon: false });
    expect(timeLeft(deletedAgo(26.5), now)).toEqual({ days: 4, text: '4 days', soon: false });
  });

  it('warns from three days left, says less than a day, then expired', () => {
    expect(timeLeft(deletedAgo(27), now)).toEqual({ days: 3, text: '3 days', soon: true });
    expect(timeLeft(deletedAgo(28.5), now)).toEqual({ days: 2, text: '2 days', soon: true });
    expect(timeLeft(deletedAgo(28.9), now).text).toBe('2 days');
    expect(timeLeft(deletedAgo(29.5), now)).toEqual({ days: 1, text: 'Less than a day', soon: true });
    expect(timeLeft(deletedAgo(31), now)).toEqual({ days: 0, text: 'Expired', soon: true });
    expect(timeLeft({ deleted_at: 'not a time' }, now).text).toBe('Expired');
  });

  it('takes the service’s restorable_until over its own count', () => {
    const until = new Date(now + 1.5 * DAY).toISOString();
    expect(timeLeft({ deleted_at: new Date(now).toISOString(), restorable_until: until }, now)).toEqual({
      days: 2,
      text: '2 days',
      soon: true,
    });
  });
});

describe('toasts', () => {
  const epic = { type: 'Epic', name: 'Offline mode', reference_num: 'PLN-E-3' };

  it('says what a delete took to the bin', () => {
    expect(deletedMessage({ record: epic, contents: [] })).toBe('Deleted epic PLN-E-3 “Offline mode”.');
    expect(
      deletedMessage({
        record: { type: 'Feature', name: 'Sync', reference_num: 'PLN-12' },
        contents: [
          { type: 'Requirement', count: 3 },
          { type: 'Comment', count: 1 },
        ],
      }),
    ).toBe('Deleted feature PLN-12 “Sync” with 3 requirements and 1 comment.');
    expect(deletedMessage({ record: { type: 'IdeaVote', name: '', reference_num: null } })).toBe('Deleted vote.');
  });

  it('says what a restore brought back, the record itself not counted twice, and how many links did not come back', () => {
    expect(
      restoredMessage({
        restored: [{ ...epic }],
        contents: [
          { type: 'Epic', count: 1 },
          { type: 'Comment', count: 2 },
        ],
        unrestored_links: [],
      }),
    ).toBe('Restored epic PLN-E-3 “Offline mode” with 2 comments.');
    expect(
      restoredMessage({
        restored: [{ type: 'Page', name: 'Plan', reference_num: 'PLN-N-1' }],
        contents: [{ type: 'Page', count: 4 }],
        unrestored_links: [{}, {}],
      }),
    ).toBe('Restored note PLN-N-1 “Plan” with 3 notes. 2 links could not be put back.');
  });
});

describe('the restore preview', () => {
  it('says why a link stays out', () => {
    expect(unrestoredReason({ reason: 'deleted', deletion_id: '40' })).toBe(
      'the record at its other end is in the recycle bin (deletion 40)',
    );
    expect(unrestoredReason({ reason: 'missing', deletion_id: null })).toBe('the record at its other end no longer exists');
    expect(unrestoredReason({ reason: 'changed', deletion_id: null })).toBe('the record at its other end has been linked elsewhere since');
  });

  it('groups what comes back by kind, in the order it came', () => {
    const groups = groupByKind([
      { type: 'Feature', id: '1' },
      { type: 'Requirement', id: '2' },
      { type: 'Requirement', id: '3' },
      { type: 'Comment', id: '4' },
    ]);
    expect(groups.map((g) => [g.label, g.records.map((r) => r.id)])).toEqual([
      ['1 feature', ['1']],
      ['2 requirements', ['2', '3']],
      ['1 comment', ['4']],
    ]);
  });

  it('puts a refusal in the service’s words: its field messages first', () => {
    expect(restoreProblem(new ApiError(422, 'Validation failed', { deleted_at: ['can no longer be restored: 30 days have passed'] }))).toBe(
      'can no longer be restored: 30 days have passed',
    );
    expect(restoreProblem(new ApiError(409, 'Deletion 41 has already been restored'))).toBe('Deletion 41 has already been restored');
  });
});

describe('restored pages', () => {
  it('links kinds that have a page, by key where the page takes one', () => {
    expect(restoredHref({ type: 'Epic', id: '7', reference_num: 'PLN-E-3' }, '1')).toBe('/epics/PLN-E-3');
    expect(restoredHref({ type: 'Release', id: '5', reference_num: 'PLN-R-2' }, '1')).toBe('/releases/5');
    expect(restoredHref({ type: 'Page', id: '9', reference_num: 'PLN-N-4' }, '1')).toBe('/w/1/notes/PLN-N-4');
    expect(restoredHref({ type: 'Page', id: '9', reference_num: 'PLN-N-4' }, null)).toBeNull();
    expect(restoredHref({ type: 'Requirement', id: '9', reference_num: 'PLN-12-1' }, '1')).toBeNull();
  });
});
