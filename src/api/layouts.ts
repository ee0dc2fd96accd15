// Custom layouts (issue 14). Two reads: the layouts a workspace uses, one per kind, which every
// signed-in user reads because every create form and detail page is drawn from them; and the
// account's layouts with their assignments, which only configuration administrators may list
// (operation 17) and edit. A layout write refreshes both (they share the `screen-definitions` root).
import { MAX_PER_PAGE } from '../contract/common';
import {
  DEFAULT_SECTIONS,
  STANDARD_FIELDS,
  screenDefinitionEnvelope,
  screenDefinitionPage,
  screenDefinitionSchema,
  screenLayoutList,
  type ScreenDefinitionCreateInput,
  type ScreenDefinitionUpdateInput,
  type ScreenLayout,
  type ScreenableType,
} from '../contract/layouts';
import { apiDelete, apiGet, apiPost, apiPut } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import { readQuery, seg } from './records';

export async function fetchWorkspaceLayouts(productId: string, signal?: AbortSignal): Promise<ScreenLayout[]> {
  return (await apiGet(`/products/${seg(productId)}/screen_layouts`, screenLayoutList, undefined, { signal })).screen_layouts;
}

export async function fetchScreenDefinitions(signal?: AbortSignal) {
  return (await apiGet('/screen_definitions', screenDefinitionPage, { per_page: MAX_PER_PAGE }, { signal })).screen_definitions;
}

export async function fetchScreenDefinition(id: string, signal?: AbortSignal) {
  // The hosted show answers the layout bare, not in an envelope.
  return apiGet(`/screen_definitions/${seg(id)}`, screenDefinitionSchema, undefined, { signal });
}

// Layouts change rarely and every write refreshes them: a few minutes of freshness saves a request per form.
const SLOW = 5 * 60_000;

export const layoutQueries = {
  all: keys.screenDefinitions.all,
  workspace: (productId: string) =>
    readQuery(keys.screenDefinitions.workspace(productId), (signal) => fetchWorkspaceLayouts(productId, signal), SLOW),
  list: () => readQuery(keys.screenDefinitions.list({}), (signal) => fetchScreenDefinitions(signal)),
  detail: (id: string) => readQuery(keys.screenDefinitions.detail(id), (signal) => fetchScreenDefinition(id, signal)),
};

/**
 * The built-in layout of a kind (its default sections, every field on the form and the page,
 * nothing required but the name): what a form shows before the workspace's layouts are read, or
 * when a service answers none.
 */
export function builtInLayout(type: ScreenableType): ScreenLayout {
  return {
    screenable_type: type,
    screen_definition_id: null,
    name: 'Default',
    sections: DEFAULT_SECTIONS[type].map((section) => ({
      name: section.name,
      column: section.column,
      fields: section.fields.map((key) => {
        const std = STANDARD_FIELDS[type].find((s) => s.key === key);
        return {
          field: key,
          label: std?.label ?? key,
          custom: false,
          on_form: true,
          on_detail: true,
          required: key === 'name',
          can_be_required: std?.requirable ?? false,
          locked: std?.locked ?? false,
          custom_field_definition: null,
        };
      }),
    })),
  };
}

/** A workspace's layout of one kind from the answer of `workspace`, or the built-in one. */
export function layoutOf(layouts: readonly ScreenLayout[] | undefined, type: ScreenableType): ScreenLayout {
  return layouts?.find((l) => l.screenable_type === type) ?? builtInLayout(type);
}

export const useCreateScreenDefinition = defineMutation('screen_definition', {
  mutationFn: async (input: ScreenDefinitionCreateInput) =>
    (await apiPost('/screen_definitions', { screen_definition: input }, screenDefinitionEnvelope)).screen_definition,
});

export const useUpdateScreenDefinition = defineMutation('screen_definition', {
  mutationFn: async ({ id, input }: { id: string; input: ScreenDefinitionUpdateInput }) =>
    (await apiPut(`/screen_definitions/${seg(id)}`, { screen_definition: input }, screenDefinitionEnvelope)).screen_definition,
});

export const useDeleteScreenDefinition = defineMutation('screen_definition', {
  deletes: true,
  mutationFn: (id: string) => apiDelete(`/screen_definitions/${seg(id)}`),
});
