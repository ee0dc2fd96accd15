// @vitest-environment jsdom
// The idea page's words on the ideas portal (issue 15): the portal user who submitted the idea, with
// their email and the portal, and whether the team's response shows in the portal.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PortalCreator, ResponsePublication } from './idea-portal-parts';

afterEach(cleanup);

const ava = { id: '5', name: 'Ava Lindqvist', email: 'ava@northwind.example', created_at: '2026-11-28T09:00:00.000Z' };

describe('PortalCreator', () => {
  it('names the portal user, their email and the portal, tagged Portal', () => {
    const { container } = render(<PortalCreator user={ava} portalTitle="Planner Cloud ideas" />);
    expect(container.textContent).toBe('Ava Lindqvist (ava@northwind.example) in Planner Cloud ideasPortal');
    expect(screen.getByText('Portal').className).toBe('tag');
  });

  it('leaves the portal out when it is not known', () => {
    const { container } = render(<PortalCreator user={ava} portalTitle={null} />);
    expect(container.textContent).toBe('Ava Lindqvist (ava@northwind.example)Portal');
  });
});

describe('ResponsePublication', () => {
  const response = { body: '<p>Planned for spring.</p>' } as const;

  it('tags a published response', () => {
    render(<ResponsePublication idea={{ admin_response: response, admin_response_published: true }} />);
    expect(screen.getByText('Published in the portal')).toBeTruthy();
    expect(screen.queryByText(/do not see it/)).toBeNull();
  });

  it('says a response not yet published is not seen in the portal', () => {
    render(<ResponsePublication idea={{ admin_response: response, admin_response_published: false }} />);
    expect(screen.getByText('Not published')).toBeTruthy();
    expect(screen.getByText(/Portal users do not see it until it is published/)).toBeTruthy();
  });

  it('says nothing without a response', () => {
    const { container } = render(<ResponsePublication idea={{ admin_response: null, admin_response_published: true }} />);
    expect(container.textContent).toBe('');
  });
});
