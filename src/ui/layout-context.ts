// What a form drawn from a custom layout tells the kit's fields and sections inside it, through
// context, so no kind has to pass it to each field by hand: which form fields the layout requires
// (the fields mark themselves, `useRequired(name)`), and whether a section block sits inside one of
// the layout's sections (a nested `FormSection` then draws as a group of that section instead of a
// second fieldset with its own legend).
import { createContext, useContext } from 'react';

const RequiredFieldsContext = createContext<ReadonlySet<string>>(new Set());

export const RequiredFieldsProvider = RequiredFieldsContext.Provider;

/** Whether the layout around this field requires it (by form field name: `tags`, `custom_fields.risk`). */
export function useRequired(name: string): boolean {
  return useContext(RequiredFieldsContext).has(name);
}

/** Whether the layout requires any of these form fields (a collapsible section starts open then). */
export function useAnyRequired(names: readonly string[]): boolean {
  const required = useContext(RequiredFieldsContext);
  return names.some((n) => required.has(n));
}

/** The layout section a block is drawn in: its title, and whether the block is all it holds. */
export interface EnclosingSection {
  title: string;
  /** The block is the section's only content: its own title would repeat the section's. */
  sole: boolean;
}

const EnclosingSectionContext = createContext<EnclosingSection | null>(null);

export const EnclosingSectionProvider = EnclosingSectionContext.Provider;

/** The layout section around a `FormSection`, or null when it stands on its own. */
export function useEnclosingSection(): EnclosingSection | null {
  return useContext(EnclosingSectionContext);
}
