// The record history's phrasing and day grouping, on audit rows as the service answers them.
import { describe, expect, it } from 'vitest';
import type { Audit } from '../contract/audits';
import { auditRow } from './test/audit-rows';
import {
  auditSummary,
  changePhrase,
  describeChange,
  entryPhrase,
  fieldLabel,
  groupByDay,
  listsChanges,
  toEntry,
  typeNoun,
} from './history-model';

const avery = { id: '3', name: 'Avery Chen', email: 'avery@example.com' };
const feature = { type: 'Feature', id: '12' };

const row = (patch: Partial<Audit> & { id: string }): Audit => auditRow(avery, patch);

const change = (field_name: string, value: string, old_value?: unknown, new_value?: unknown) => ({
  field_name,
  value,
  ...(old_value === undefined ? {} : { old_value }),
  ...(new_value === undefined ? {} : { new_value }),
});

describe('names', () => {
  it('names record types and fields as a person does', () => {
    expect(typeNoun('ReleasePhase')).toBe('release phase');
    expect(typeNoun('Page')).toBe('note');
    expect(typeNoun('Ideas::IdeaCategory')).toBe('idea category');
    expect(fieldLabel('workflow_status_id')).toBe('Status');
    expect(fieldLabel('assigned_to_id')).toBe('Assignee');
    expect(fieldLabel('initial_estimate')).toBe('Initial estimate');
    expect(fieldLabel('initiative_ids')).toBe('Initiatives');
    expect(fieldLabel('due_date')).toBe('Due date');
    // A label the service already wrote stays as it is.
    expect(fieldLabel('Workflow status')).toBe('Workflow status');
  });
});

describe('a change', () => {
  it('reads the hosted "old → new" text, where the service names what the raw values number', () => {
    const c = describeChange(change('workflow_status_id', 'In design → Ready', 4, 5));
    expect(c).toMatchObject({ field: 'Status', kind: 'changed', from: 'In design', to: 'Ready' });
    expect(changePhrase(c)).toBe('changed Status from In design → Ready');
  });

  it('says set and cleared for a value from or to nothing', () => {
    expect(changePhrase(describeChange(change('assigned_to', ' → Avery Chen', null, { id: '3', name: 'Avery Chen' })))).toBe(
      'set Assignee to Avery Chen',
    );
    expect(changePhrase(describeChange(change('assigned_to', 'Avery Chen → ', { id: '3', name: 'Avery Chen' }, null)))).toBe(
      'cleared Assignee (was Avery Chen)',
    );
  });

  it('formats dates, estimates and yes/no', () => {
    expect(changePhrase(describeChange(change('due_date', '2026-01-05 → 2026-02-01', '2026-01-05', '2026-02-01')))).toMatch(
      /^changed Due date from (Jan 5, 2026|5 Jan 2026) → (Feb 1, 2026|1 Feb 2026)$/,
    );
    expect(changePhrase(describeChange(change('initial_estimate', '480 → 600', 480, 600)))).toBe(
      'changed Initial estimate from 1d → 1d 2h',
    );
    expect(changePhrase(describeChange(change('complete', 'false → true', false, true)))).toBe('changed Complete from No → Yes');
  });

  it('summarises rich text and keeps its HTML for a before/after view', () => {
    const c = describeChange(change('description', '<p>Old</p> → <p>New <b>text</b></p>', '<p>Old</p>', '<p>New <b>text</b></p>'));
    expect(c.kind).toBe('rich');
    expect(c.html).toEqual({ from: '<p>Old</p>', to: '<p>New <b>text</b></p>' });
    expect(changePhrase(c)).toBe('edited the description');
    expect(changePhrase(describeChange(change('description', ' → <p>First</p>', null, '<p>First</p>')))).toBe('added a description');
    // Found by its HTML too, whatever the field is called.
    expect(describeChange(change('Release notes', '<p>a</p> → <p>b</p>')).kind).toBe('rich');
  });

  it('reads tags kept as one comma-separated text as a list', () => {
    expect(changePhrase(describeChange(change('tags', '(none) → auth,sso', null, 'auth,sso')))).toBe('added auth, sso to Tags');
    expect(changePhrase(describeChange(change('tags', 'auth,sso → sso', 'auth,sso', 'sso')))).toBe('removed auth from Tags');
  });

  it('lists what a many-valued field gained and lost', () => {
    expect(changePhrase(describeChange(change('tags', 'a, b → a, c', ['a', 'b'], ['a', 'c'])))).toBe('changed Tags: added c; removed b');
    expect(
      changePhrase(
        describeChange(
          change(
            'watchers',
            '→',
            [],
            [
              { id: '3', name: 'Avery Chen' },
              { id: '4', name: 'Jo Park' },
            ],
          ),
        ),
      ),
    ).toBe('added Avery Chen, Jo Park to Watchers');
  });

  it('names a linked record when the answer names it, and does not print bare ids', () => {
    expect(changePhrase(describeChange(change('release_id', '7 → 9', 7, 9)))).toBe('changed Release');
    expect(
      changePhrase(
        describeChange(
          change('release', 'x', { id: '7', reference_num: 'PLN-R-1', name: 'Q1' }, { id: '9', reference_num: 'PLN-R-2', name: 'Q2' }),
        ),
      ),
    ).toBe('changed Release from PLN-R-1 Q1 → PLN-R-2 Q2');
  });
});

describe("the service's own shape: raw columns, ids, (none)", () => {
  const names = (field: string, id: string): string | null => {
    if (field === 'workflow_status_id') return ({ '4': 'In design', '5': 'Ready' } as Record<string, string>)[id] ?? null;
    if (field === 'assigned_to_id' || field === 'watchers')
      return ({ '3': 'Avery Chen', '4': 'Jo Park' } as Record<string, string>)[id] ?? null;
    return null;
  };

  it('names the ids the app knows', () => {
    expect(changePhrase(describeChange(change('workflow_status_id', '4 → 5', 4, 5), names))).toBe('changed Status from In design → Ready');
    expect(changePhrase(describeChange(change('assigned_to_id', '(none) → 3', null, 3), names))).toBe('set Assignee to Avery Chen');
    expect(changePhrase(describeChange(change('watchers', '(none) → 3, 4', null, [3, 4]), names))).toBe(
      'added Avery Chen, Jo Park to Watchers',
    );
  });

  it('says which link changed, without numbers, when nothing names the ids', () => {
    expect(changePhrase(describeChange(change('workflow_status_id', '4 → 5', 4, 5)))).toBe('changed Status');
    expect(changePhrase(describeChange(change('epic_id', '9 → (none)', 9, null)))).toBe('cleared Epic');
    expect(changePhrase(describeChange(change('name', 'Sign-in → Sign-in with SSO', 'Sign-in', 'Sign-in with SSO')))).toBe(
      'changed Name from Sign-in → Sign-in with SSO',
    );
  });
});

describe('an entry', () => {
  it('phrases a create, a restore, a one-field update and a many-field update of the record itself', () => {
    expect(
      entryPhrase(
        toEntry(row({ id: '1', audit_action: 'create', changes: [change('name', ' → Sign-in', null, 'Sign-in')] }), feature),
        'feature',
      ),
    ).toBe('created this feature');
    expect(entryPhrase(toEntry(row({ id: '2', audit_action: 'create', restored_from_deletion_id: '40' }), feature), 'feature')).toBe(
      'restored this feature from the recycle bin',
    );
    const one = toEntry(
      row({ id: '3', changes: [change('workflow_status_id', 'In design → Ready', 4, 5), change('position', '1 → 2', 1, 2)] }),
      feature,
    );
    expect(entryPhrase(one, 'feature')).toBe('changed Status from In design → Ready');
    expect(listsChanges(one)).toBe(false);
    const many = toEntry(
      row({ id: '4', changes: [change('name', 'A → B', 'A', 'B'), change('description', '<p>x</p> → <p>y</p>', '<p>x</p>', '<p>y</p>')] }),
      feature,
    );
    expect(entryPhrase(many, 'feature')).toBe('made 2 changes');
    expect(listsChanges(many)).toBe(true);
    expect(many.changes.map(changePhrase)).toEqual(['changed Name from A → B', 'edited the description']);
  });

  it('names the record a row is about when it is one the subject holds', () => {
    const req = (patch: Partial<Audit> & { id: string }) =>
      row({
        auditable_type: 'Requirement',
        auditable_id: '55',
        associated_type: 'Feature',
        associated_id: '12',
        reference_num: 'PLN-12-1',
        ...patch,
      });
    expect(entryPhrase(toEntry(req({ id: '5', audit_action: 'create' }), feature), 'feature')).toBe('added requirement PLN-12-1');
    // The service's description names it with its name too.
    const named = req({ id: '11', audit_action: 'create', description: 'created requirement PLN-12-1 Login form' });
    expect(entryPhrase(toEntry(named, feature), 'feature')).toBe('added requirement PLN-12-1 Login form');
    expect(entryPhrase(toEntry(req({ id: '6', audit_action: 'destroy' }), feature), 'feature')).toBe('deleted requirement PLN-12-1');
    expect(entryPhrase(toEntry(req({ id: '7', changes: [change('workflow_status_id', 'Open → Done')] }), feature), 'feature')).toBe(
      'changed Status from Open → Done on requirement PLN-12-1',
    );
    // Without a key, the description names it.
    const described = req({
      id: '8',
      audit_action: 'destroy',
      reference_num: null,
      description: 'deleted requirement PLN-12-2 Login form',
    });
    expect(entryPhrase(toEntry(described, feature), 'feature')).toBe('deleted requirement PLN-12-2 Login form');
  });

  it('says commented, with the comment kept for a preview', () => {
    const posted = toEntry(
      row({
        id: '9',
        audit_action: 'create',
        auditable_type: 'Comment',
        auditable_id: '70',
        associated_type: 'Feature',
        associated_id: '12',
        reference_num: null,
        changes: [change('body', ' → <p>Looks good</p>', null, '<p>Looks good</p>')],
      }),
      feature,
    );
    expect(entryPhrase(posted, 'feature')).toBe('commented');
    expect(posted.commentHtml).toBe('<p>Looks good</p>');
    expect(entryPhrase({ ...posted, action: 'deleted' }, 'feature')).toBe('deleted a comment');
  });

  it('marks bookkeeping rows minor and rows of the service itself without a person', () => {
    const entry = toEntry(row({ id: '10', interesting: false, user: null }), feature);
    expect(entry.minor).toBe(true);
    expect(entry.who).toBeNull();
  });
});

describe('a row in a line', () => {
  it("says an update's changes, and what a create or delete did in the service's words", () => {
    expect(
      auditSummary(
        row({
          id: '1',
          changes: [change('name', 'A → B', 'A', 'B'), change('position', '1 → 2', 1, 2), change('description', '<p>a</p> → <p>b</p>')],
        }),
      ),
    ).toBe('changed Name from A → B; edited the description');
    expect(
      auditSummary(
        row({ id: '2', audit_action: 'create', description: 'created feature PLN-12 Sign-in', changes: [change('name', ' → Sign-in')] }),
      ),
    ).toBe('created feature PLN-12 Sign-in');
  });
});

describe('days', () => {
  it('groups newest-first entries by day, naming today and yesterday', () => {
    const now = Date.parse('2026-11-20T15:00:00Z');
    const entries = [
      row({ id: '4', created_at: '2026-11-20T14:00:00Z' }),
      row({ id: '3', created_at: '2026-11-20T09:00:00Z' }),
      row({ id: '2', created_at: '2026-11-19T23:59:00Z' }),
      row({ id: '1', created_at: '2026-11-03T08:00:00Z' }),
    ].map((a) => toEntry(a, feature));
    const days = groupByDay(entries, now, 'UTC');
    expect(days.map((d) => [d.label, d.entries.map((e) => e.id)])).toEqual([
      ['Today', ['4', '3']],
      ['Yesterday', ['2']],
      ['Tuesday, 3 November 2026', ['1']],
    ]);
  });
});
