// The proxy vote dialog's own checks (the service checks caps and a voter's second vote) and how a
// voter is named from the hosted endorsement shape.
import { describe, expect, it } from 'vitest';
import { ideaEndorsementSchema } from '../../contract/idea-votes';
import { checkVoteDraft, voterOf } from './idea-votes';

const draft = { email: 'ann@example.com', value: '1', organization: '', link: '', description: '' };

describe('checkVoteDraft', () => {
  it('takes an email and a whole number of votes of 1 or more', () => {
    expect(checkVoteDraft(draft)).toEqual({});
    expect(checkVoteDraft({ ...draft, value: ' 3 ' })).toEqual({});
  });

  it('names the field that is wrong', () => {
    expect(checkVoteDraft({ ...draft, email: '' }).email).toMatch(/email/);
    expect(checkVoteDraft({ ...draft, email: 'ann' }).email).toMatch(/email address/);
    expect(checkVoteDraft({ ...draft, value: '0' }).value).toMatch(/1 or more/);
    expect(checkVoteDraft({ ...draft, value: '1.5' }).value).toMatch(/whole number/);
  });
});

describe('voterOf', () => {
  const base = {
    id: '1',
    idea_id: '2',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    value: 1,
    weight: 1,
    link: null,
    description: null,
    idea_organization: null,
  };
  it('names a portal user by name with their email beside it', () => {
    const vote = ideaEndorsementSchema.parse({
      ...base,
      endorsed_by_portal_user: { id: '5', name: 'Ann Lee', email: 'ann@example.com', created_at: '2026-01-01T00:00:00Z' },
    });
    expect(voterOf(vote)).toEqual({ name: 'Ann Lee', email: 'ann@example.com' });
  });
  it('names someone known only by email once', () => {
    const vote = ideaEndorsementSchema.parse({
      ...base,
      endorsed_by_portal_user: null,
      endorsed_by_idea_user: { id: null, name: 'bo@example.com', email: 'bo@example.com', created_at: '2026-01-01T00:00:00Z', title: null },
    });
    expect(voterOf(vote)).toEqual({ name: 'bo@example.com', email: null });
  });
});
