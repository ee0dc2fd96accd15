// @vitest-environment jsdom
// The idea form as a person meets it: the creator's email is asked for before anything is sent,
// categories are ticked by name, visibility reads as words, and the service's 422s land next to the
// fields they name (a portal of another workspace under "Portal").
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createIdea } from '../../api/ideas';
import { cleanUpAfterEach, renderForm, status, stubFetch, ts, user } from '../../ui/test/form-harness';
import { IdeaForm, type IdeaFormChoices } from './idea-form';

cleanUpAfterEach();

const choices: IdeaFormChoices = {
  statuses: [status('1', 'Needs review', 1), status('2', 'Planned', 2)],
  users: [user('7', 'Ada')],
  categories: [
    { id: '31', name: 'Planning', parent_id: null, project_id: '1', created_at: ts },
    { id: '32', name: 'Roadmaps', parent_id: '31', project_id: '1', created_at: ts },
  ],
  portals: [{ id: '4', title: 'Planner Cloud ideas' }],
};

function renderNew() {
  return renderForm(<IdeaForm choices={choices} cancelHref="/w/1/ideas" onSubmit={(input) => createIdea('1', input)} />);
}

describe('IdeaForm', () => {
  it('asks for the creator before sending', async () => {
    const sent = stubFetch(200, {});
    const person = renderNew();
    await person.type(screen.getByLabelText('Name', { exact: true }), 'Dark mode');
    await person.click(screen.getByRole('button', { name: 'Create idea' }));
    const createdBy = screen.getByLabelText('Created by', { exact: true });
    expect(createdBy.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(createdBy);
    expect(sent).toHaveLength(0);
  });

  it('sends names, categories and the visibility value, and puts a 422 on the portal field', async () => {
    const sent = stubFetch(422, {
      error: 'The idea is not valid',
      errors: { submitted_idea_portal_id: ['must be an ideas portal of this product'] },
    });
    const person = renderNew();
    await person.type(screen.getByLabelText('Name', { exact: true }), 'Dark mode');
    await person.type(screen.getByLabelText('Created by', { exact: true }), 'ann@example.com');
    await person.click(screen.getByRole('checkbox', { name: /Roadmaps/ }));
    await person.selectOptions(screen.getByLabelText('Visibility'), 'Visible to all ideas portal users');
    await person.selectOptions(screen.getByLabelText('Portal'), 'Planner Cloud ideas');
    await person.click(screen.getByRole('button', { name: 'Create idea' }));

    const message = await screen.findByText('must be an ideas portal of this product');
    const portal = screen.getByLabelText('Portal');
    expect(portal.getAttribute('aria-invalid')).toBe('true');
    expect(portal.getAttribute('aria-describedby')).toContain(message.id);
    expect(sent[0]?.url).toBe('/api/v1/products/1/ideas');
    expect(sent[0]?.body).toMatchObject({
      idea: {
        name: 'Dark mode',
        created_by: 'ann@example.com',
        categories: ['Roadmaps'],
        visibility: 'public',
        submitted_idea_portal_id: '4',
      },
    });
  });
});
