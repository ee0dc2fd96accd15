// The idea form's rules and bodies: the creator is required on create only, a portal left empty is
// sent as skip_portal, categories are names, initial votes a whole number.
import { describe, expect, it } from 'vitest';
import { ideaFormDefaults, ideaFormSchema, toCreateInput, toUpdateInput } from './idea-form-schema';

const filled = { ...ideaFormDefaults(), name: 'Dark mode', created_by: 'ann@example.com' };

describe('idea form schema', () => {
  it('requires an email creator on create, not on edit', () => {
    const missing = ideaFormSchema('create').safeParse({ ...filled, created_by: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['created_by']);
    expect(ideaFormSchema('edit').safeParse({ ...filled, created_by: '' }).success).toBe(true);
    expect(ideaFormSchema('create').safeParse({ ...filled, created_by: 'not an email' }).success).toBe(false);
  });

  it('refuses initial votes that are not whole numbers', () => {
    expect(ideaFormSchema('create').safeParse({ ...filled, initial_votes: '2.5' }).success).toBe(false);
    expect(ideaFormSchema('create').safeParse({ ...filled, initial_votes: '12' }).success).toBe(true);
  });

  it('sends no portal as skip_portal, a chosen one by id, and categories by name', () => {
    const parsed = ideaFormSchema('create').parse({ ...filled, categories: ['Usability'], initial_votes: '3', visibility: 'public' });
    const body = toCreateInput(parsed);
    expect(body).toMatchObject({ name: 'Dark mode', created_by: 'ann@example.com', skip_portal: true, categories: ['Usability'] });
    expect(body).toMatchObject({ initial_votes: 3, visibility: 'public' });
    expect(body).not.toHaveProperty('workflow_status');
    const withPortal = toUpdateInput(ideaFormSchema('edit').parse({ ...filled, portal: '4', workflow_status: 'Planned' }));
    expect(withPortal).toMatchObject({ submitted_idea_portal_id: '4', workflow_status: { name: 'Planned' }, initial_votes: 0 });
    expect(withPortal).not.toHaveProperty('skip_portal');
  });
});
