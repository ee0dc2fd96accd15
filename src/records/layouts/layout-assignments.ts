// Which workspaces use which layout, as the service decides it: a workspace uses the layout of the
// kind assigned to it, else the kind's default. The list shows each layout's workspaces; the editor's
// workspace checklist says which layout each workspace uses now.
import type { ScreenDefinition, ScreenableType } from '../../contract/layouts';
import { SCREENABLE_TYPES } from '../../contract/layouts';

interface Named {
  id: string;
  name: string;
}

/** The layout a workspace uses for a kind (null: no layout of the kind exists, the built-in one is used). */
export function layoutUsedBy(productId: string, type: ScreenableType, layouts: readonly ScreenDefinition[]): ScreenDefinition | null {
  const ofKind = layouts.filter((l) => l.screenable_type === type);
  return ofKind.find((l) => l.product_ids.includes(productId)) ?? ofKind.find((l) => l.default) ?? null;
}

/** The workspaces that use a layout: those assigned to it, and for the default every one not assigned another. */
export function workspacesUsing<P extends Named>(
  layout: ScreenDefinition,
  layouts: readonly ScreenDefinition[],
  products: readonly P[],
): P[] {
  return products.filter((p) => layoutUsedBy(p.id, layout.screenable_type, layouts)?.id === layout.id);
}

/** The layouts in the list's order: by kind as the catalogue orders kinds, the default first, then by name. */
export function inListOrder(layouts: readonly ScreenDefinition[]): ScreenDefinition[] {
  const rank = (type: ScreenableType) => SCREENABLE_TYPES.indexOf(type);
  return [...layouts].sort(
    (a, b) =>
      rank(a.screenable_type) - rank(b.screenable_type) ||
      Number(b.default) - Number(a.default) ||
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}
