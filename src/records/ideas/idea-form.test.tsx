// @vitest-environment jsdom
// The idea form as a person meets it: the creator's email is asked for before anything is sent,
// categories are ticked by name, visibility reads as words, and the service's 422s land next to the
// fields they name (a portal of another workspace under "Portal"); drawn from the workspace's Idea
// layout, its order, required fields and custom fields.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createIdea, updateIdea } from '../../api/ideas';
import { builtInLayout } from '../../api/layouts';
import type { Idea } from '../../contract/ideas';
import type { ScreenLayout } from '../../contract/layouts';
import { cleanUpAfterEach, renderForm, status, stubFetch, ts, user } from '../../ui/test/form-harness';
import { expectMarkedRequired, expectSubmitRefused } from '../../ui/test/form-refusal';
import { definition, testLayout } from '../../ui/test/layouts';
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
  layout: builtInLayout('Ideas::Idea'),
};

/** A stored idea as the form edits it (the members the form reads), with `overrides`. */
function existingIdea(overrides: Record<string, unknown>): Idea {
  return {
    id: '9',
    name: 'Dark mode',
    reference_num: 'PLN-I-9',
    workflow_status: status('1', 'Needs review', 1),
    created_by_user: null,
    created_by_idea_user: { id: '3', email: 'ann@example.com' },
    created_by_portal_user: null,
    assigned_to_user: null,
    tags: [],
    categories: [],
    visibility_value: 'service',
    initial_votes: 0,
    spam: false,
    submitted_idea_portal_id: null,
    description: null,
    admin_response: null,
    admin_response_published: false,
    ...overrides,
  } as unknown as Idea;
}

function renderNew(layout: ScreenLayout = choices.layout) {
  return renderForm(<IdeaForm choices={{ ...choices, layout }} cancelHref="/w/1/ideas" onSubmit={(input) => createIdea('1', input)} />);
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

describe('IdeaForm: the response in the portal', () => {
  it('publishes a written response when asked, and says nothing of publishing without one', async () => {
    const sent = stubFetch(200, {});
    const idea = existingIdea({
      visibility_value: 'public',
      submitted_idea_portal_id: '4',
      admin_response: { body: '<p>Planned for spring.</p>' },
      custom_fields: [],
    });
    const person = renderForm(
      <IdeaForm idea={idea} choices={choices} cancelHref="/ideas/PLN-I-9" onSubmit={(input) => updateIdea('9', input)} />,
    );
    const publish = screen.getByRole('checkbox', { name: /Publish the response in the portal/ });
    expect((publish as HTMLInputElement).checked).toBe(false);
    await person.click(publish);
    await person.click(screen.getByRole('button', { name: /Save/ }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ idea: { admin_response: '<p>Planned for spring.</p>', admin_response_published: true } });
  });
});

describe('IdeaForm drawn from a custom layout', () => {
  const segment = definition('segment', 'Segment', 'select', ['Enterprise', 'SMB']);
  const sourceUrl = definition('source_url', 'Source URL', 'url');
  const layout = testLayout('Ideas::Idea', [
    [
      'Ask',
      'main',
      [
        'created_by',
        'name',
        { field: 'categories', required: true },
        { custom: segment, required: true },
        { field: 'spam', on_form: false },
      ],
    ],
    ['Triage', 'main', ['assigned_to_user', { field: 'submitted_idea_portal_id', required: true }, 'workflow_status']],
    ['Details', 'side', [{ custom: sourceUrl }]],
  ]);
  const names = () =>
    [...document.querySelectorAll('form [name]')].map((el) => el.getAttribute('name')).filter((n, i, all) => all.indexOf(n) === i);

  it('draws the layout’s fields in its order and leaves out the rest', () => {
    renderNew(layout);
    expect(names()).toEqual([
      'created_by',
      'name',
      'categories',
      'custom_fields.segment',
      'assigned_to_user',
      'portal',
      'workflow_status',
      'custom_fields.source_url',
    ]);
    for (const gone of ['Spam', 'Tags', 'Visibility', 'Initial votes']) expect(screen.queryByLabelText(gone)).toBeNull();
  });

  it('marks the required fields and says "is required" on each left blank, sending nothing', async () => {
    const sent = stubFetch(200, {});
    const person = renderNew(layout);
    expectMarkedRequired(['Segment', 'Portal'], ['Assignee']);
    expect(screen.getByRole('group', { name: /^Categories ?\(required\)$/ })).toBeTruthy();
    await person.type(screen.getByLabelText('Created by', { exact: true }), 'ann@example.com');
    await person.type(screen.getByLabelText('Name', { exact: true }), 'Dark mode');
    await person.type(screen.getByLabelText('Source URL'), 'forum.example.com');
    await expectSubmitRefused(person, 'Create idea', [
      'Categories: is required',
      'Segment: is required',
      'Portal: is required',
      'Source URL: must be a web address starting with http:// or https://',
    ]);
    expect(sent).toHaveLength(0);
  });

  it('sends the custom values beside the fields left off the form, as before', async () => {
    const sent = stubFetch(200, {});
    const person = renderNew(layout);
    await person.type(screen.getByLabelText('Created by', { exact: true }), 'ann@example.com');
    await person.type(screen.getByLabelText('Name', { exact: true }), 'Dark mode');
    await person.click(screen.getByRole('checkbox', { name: /Planning/ }));
    await person.selectOptions(screen.getByLabelText('Segment'), 'SMB');
    await person.selectOptions(screen.getByLabelText('Portal'), 'Planner Cloud ideas');
    await person.type(screen.getByLabelText('Source URL'), 'https://forum.example.com/t/1');
    await person.click(screen.getByRole('button', { name: 'Create idea' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      idea: {
        name: 'Dark mode',
        created_by: 'ann@example.com',
        assigned_to_user: null,
        tags: '',
        categories: ['Planning'],
        visibility: 'service',
        spam: false,
        description: null,
        admin_response: null,
        submitted_idea_portal_id: '4',
        custom_fields: { segment: 'SMB', source_url: 'https://forum.example.com/t/1' },
      },
    });
  });

  it('puts the service’s required-field messages on their fields, the portal’s under "Portal"', async () => {
    stubFetch(422, {
      error: 'Validation failed',
      errors: { submitted_idea_portal_id: ['is required'], 'custom_fields.segment': ['is required'] },
    });
    const person = renderNew(
      testLayout('Ideas::Idea', [['Idea', 'main', ['name', 'created_by', 'submitted_idea_portal_id', { custom: segment }]]]),
    );
    await person.type(screen.getByLabelText('Name', { exact: true }), 'Dark mode');
    await person.type(screen.getByLabelText('Created by', { exact: true }), 'ann@example.com');
    await person.click(screen.getByRole('button', { name: 'Create idea' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Portal').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Segment').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits the idea’s custom values, requiring nothing, and clears an emptied one', async () => {
    const sent = stubFetch(200, {});
    const idea = existingIdea({
      custom_fields: [
        { id: '1', key: 'segment', name: 'Segment', type: 'select', value: 'Enterprise' },
        { id: '2', key: 'impact', name: 'Impact', type: 'number', value: 3 },
      ],
    });
    const person = renderForm(
      <IdeaForm idea={idea} choices={{ ...choices, layout }} cancelHref="/ideas/PLN-I-9" onSubmit={(input) => updateIdea('9', input)} />,
    );
    expect(screen.getByLabelText('Segment').getAttribute('aria-required')).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Segment').value).toBe('Enterprise');
    await person.selectOptions(screen.getByLabelText('Segment'), '');
    await person.click(screen.getByRole('button', { name: 'Save idea' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // Impact is no field of the layout: its value is not sent, so it stays.
    expect((sent[0]?.body as { idea: { custom_fields: unknown } }).idea.custom_fields).toEqual({ segment: null, source_url: null });
  });
});
