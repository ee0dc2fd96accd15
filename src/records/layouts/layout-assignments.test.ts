// Which workspaces use which layout, as the service decides it: the one assigned for the kind, else
// the kind's default; and the list's order (kinds in the catalogue's order, the default first).
import { describe, expect, it } from 'vitest';
import { inListOrder, layoutUsedBy, workspacesUsing } from './layout-assignments';
import { featureLayout } from './layout-test-data';

const products = [
  { id: '1', name: 'Planner Cloud' },
  { id: '2', name: 'Mobile App' },
  { id: '3', name: 'Web' },
];
const theDefault = featureLayout({ id: '1', name: 'Default feature layout', default: true, product_ids: [] });
const quick = featureLayout({ id: '10', name: 'Quick capture', product_ids: ['2'] });
const epics = featureLayout({ id: '2', name: 'Default epic layout', screenable_type: 'Epic', default: true });

describe('layout assignments', () => {
  it('gives a workspace its assigned layout, else the default of the kind, else none', () => {
    const all = [theDefault, quick, epics];
    expect(layoutUsedBy('2', 'Feature', all)?.name).toBe('Quick capture');
    expect(layoutUsedBy('1', 'Feature', all)?.name).toBe('Default feature layout');
    expect(layoutUsedBy('1', 'Initiative', all)).toBeNull();
    expect(workspacesUsing(theDefault, all, products).map((p) => p.name)).toEqual(['Planner Cloud', 'Web']);
    expect(workspacesUsing(quick, all, products).map((p) => p.name)).toEqual(['Mobile App']);
  });

  it('orders the list by kind, the default first, then by name', () => {
    const zeta = featureLayout({ id: '11', name: 'zeta' });
    expect(inListOrder([epics, zeta, quick, theDefault]).map((l) => l.name)).toEqual([
      'Default feature layout',
      'Quick capture',
      'zeta',
      'Default epic layout',
    ]);
  });
});
