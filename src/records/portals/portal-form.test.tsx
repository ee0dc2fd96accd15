// @vitest-environment jsdom
// How a portal looks, in its settings form (issue 15): the colour sent as #rrggbb (or null), a logo
// read from a file into a data URL, refused before sending when too large or not a raster image,
// kept as it is unless changed, and removed as null.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IdeaPortal, IdeaPortalCreateInput } from '../../contract/portals';
import { cleanUpAfterEach, renderForm } from '../../ui/test/form-harness';
import { PortalForm } from './portal-form';

cleanUpAfterEach();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const portal = {
  id: '4',
  title: 'Planner Cloud ideas',
  portal_enabled: true,
  access_type: 'public',
  external_url: 'http://127.0.0.1:4780/portal/planner-cloud',
  created_at: '2026-11-28T00:00:00.000Z',
  subdomain: 'planner-cloud',
  product_id: '1',
  votes_per_user: 10,
  votes_per_idea: 3,
  color: '#0f766e',
  logo_url: '/portal/planner-cloud/api/logo?v=abc',
} as IdeaPortal;

function renderSettings(onSubmit: (input: IdeaPortalCreateInput) => Promise<unknown>) {
  return renderForm(<PortalForm portal={portal} onSubmit={onSubmit} onCancel={() => undefined} />);
}

describe('PortalForm: colour and logo', () => {
  it('keeps the logo unless changed, and sends a new colour', async () => {
    const onSubmit = vi.fn((_input: IdeaPortalCreateInput) => Promise.resolve());
    const person = renderSettings(onSubmit);
    expect(screen.getByRole('img', { name: "The portal's logo" }).getAttribute('src')).toBe(portal.logo_url);
    const colour = screen.getByLabelText('Colour');
    await person.clear(colour);
    await person.type(colour, '#1D4ED8');
    await person.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const input = onSubmit.mock.calls[0]?.[0];
    expect(input?.color).toBe('#1D4ED8');
    expect(input && 'logo' in input).toBe(false);
  });

  it('sends a chosen image as a data URL, and a removed logo as null', async () => {
    const onSubmit = vi.fn((_input: IdeaPortalCreateInput) => Promise.resolve());
    const person = renderSettings(onSubmit);
    await person.upload(screen.getByLabelText('Logo'), new File([PNG], 'logo.png', { type: 'image/png' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: "The portal's logo" }).getAttribute('src')).toMatch(/^data:image\/png;base64,/),
    );
    await person.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].logo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    await person.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.getByText('No logo')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0].logo).toBeNull();
  });

  it('refuses a logo too large, or not a raster image, next to the field, before sending', async () => {
    const onSubmit = vi.fn((_input: IdeaPortalCreateInput) => Promise.resolve());
    const person = renderForm(<PortalForm portal={portal} onSubmit={onSubmit} onCancel={() => undefined} />);
    const big = new File([new Uint8Array(200_001)], 'big.png', { type: 'image/png' });
    await person.upload(screen.getByLabelText('Logo'), big);
    expect(await screen.findByText('is too large (at most 200 KB)')).toBeTruthy();
    expect(screen.getByLabelText('Logo').getAttribute('aria-invalid')).toBe('true');
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    // The picker offers raster types only; a dropped SVG is still refused.
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [svg] } });
    expect(await screen.findByText('must be a PNG, JPEG, GIF or WebP image')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
