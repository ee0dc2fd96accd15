// Ideas, idea portals and portal users over HTTP: fetchers (operation 10, show, update, delete, the
// lists, related ideas, categories; portals and operation 12), the queryOptions factories (keys from
// ./keys) and the mutation hooks (./mutations), so a merge refreshes every idea screen through the
// invalidation graph rather than by hand.
import { MAX_PER_PAGE } from '../contract/common';
import {
  ideaCategoryPage,
  ideaCreateInput,
  ideaEnvelope,
  ideaPage,
  ideaUpdateInput,
  relatedIdeaPage,
  type Idea,
  type IdeaCreateInput,
} from '../contract/ideas';
import { ideaEndorsementEnvelope, ideaEndorsementPage, ideaOrganizationPage, type IdeaPromoteInput } from '../contract/idea-votes';
import {
  ideaPortalEnvelope,
  ideaPortalPage,
  portalUserEnvelope,
  portalUserPage,
  signInEmailPage,
  type IdeaPortalCreateInput,
  type IdeaPortalUpdateInput,
  type PortalUserCreateInput,
  type PortalUserUpdateInput,
} from '../contract/portals';
import { apiDelete, apiGet, apiPost, apiPut, type DeleteAnswer } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import {
  cacheDetail,
  createUnderMutation,
  deleteMutation,
  pagedQuery,
  readQuery,
  recordEndpoints,
  seg,
  statusMoveMutation,
  updateMutation,
} from './records';

/** The columns of the idea list. */
export const IDEA_LIST_FIELDS =
  'name,reference_num,product_id,workflow_status,votes,created_at,categories,assigned_to_user,tags,spam,comments_count';

export type IdeaSort = 'recent' | 'trending' | 'popular';

export interface IdeaListFilters {
  page?: number;
  perPage?: number;
  q?: string;
  tag?: string;
  /** User id or email. */
  assignedToUser?: string;
  /** Status id or name. */
  workflowStatus?: string;
  /** Only the spam folder. */
  spam?: boolean;
  sort?: IdeaSort;
  fields?: string;
}

export async function fetchIdeas(productId: string, filters: IdeaListFilters = {}, signal?: AbortSignal) {
  return apiGet(
    `/products/${seg(productId)}/ideas`,
    ideaPage,
    {
      page: filters.page,
      per_page: filters.perPage,
      q: filters.q,
      tag: filters.tag,
      assigned_to_user: filters.assignedToUser,
      workflow_status: filters.workflowStatus,
      spam: filters.spam ? 'true' : undefined,
      sort: filters.sort,
      fields: filters.fields,
    },
    { signal },
  );
}

export const {
  fetchOne: fetchIdea,
  create: createIdea,
  update: updateIdea,
  remove: deleteIdea,
} = recordEndpoints({
  path: '/ideas',
  key: 'idea',
  envelope: ideaEnvelope,
  input: { create: ideaCreateInput, update: ideaUpdateInput },
  createPath: (productId) => `/products/${seg(productId)}/ideas`,
});

/** Duplicate suggestions: ideas sharing words of `q` (spam and merged ideas are left out by the service). */
export async function fetchRelatedIdeas(q: string, signal?: AbortSignal) {
  return (await apiGet('/ideas/related', relatedIdeaPage, { q, per_page: 10 }, { signal })).ideas;
}

export async function fetchIdeaCategories(productId: string, signal?: AbortSignal) {
  return (await apiGet(`/products/${seg(productId)}/idea_categories`, ideaCategoryPage, { per_page: MAX_PER_PAGE }, { signal }))
    .idea_categories;
}

export async function fetchIdeaPortals(productId: string, signal?: AbortSignal) {
  return (await apiGet(`/products/${seg(productId)}/idea_portals`, ideaPortalPage, { per_page: MAX_PER_PAGE }, { signal })).idea_portals;
}

export async function fetchIdeaPortal(portalId: string, signal?: AbortSignal) {
  return (await apiGet(`/idea_portals/${seg(portalId)}`, ideaPortalEnvelope, undefined, { signal })).idea_portal;
}

export interface PortalUserFilters {
  page?: number;
  perPage?: number;
  q?: string;
  enabled?: boolean;
  employee?: boolean;
}

const flag = (v: boolean | undefined) => (v === undefined ? undefined : String(v));

export async function fetchPortalUsers(portalId: string, filters: PortalUserFilters = {}, signal?: AbortSignal) {
  return apiGet(
    `/idea_portals/${seg(portalId)}/portal_users`,
    portalUserPage,
    { page: filters.page, per_page: filters.perPage, q: filters.q, enabled: flag(filters.enabled), employee: flag(filters.employee) },
    { signal },
  );
}

/** The sign-in emails a portal sent, newest first, with each link while it can still sign in. */
export async function fetchSignInEmails(portalId: string, page: number, signal?: AbortSignal) {
  return apiGet(`/idea_portals/${seg(portalId)}/sign_in_emails`, signInEmailPage, { page, per_page: 10 }, { signal });
}

export interface EndorsementFilters {
  page?: number;
  perPage?: number;
}

/** An idea's votes (endorsements), oldest first as the service answers them. */
export async function fetchIdeaEndorsements(ideaId: string, filters: EndorsementFilters = {}, signal?: AbortSignal) {
  return apiGet(`/ideas/${seg(ideaId)}/endorsements`, ideaEndorsementPage, { page: filters.page, per_page: filters.perPage }, { signal });
}

/** What the proxy vote dialog sends: the voter's email and the vote's value, organization, link and note. */
export interface ProxyVoteInput {
  email: string;
  value: number;
  idea_organization_id?: string | null;
  link?: string | null;
  description?: string | null;
}

export async function createIdeaEndorsement(ideaId: string, input: ProxyVoteInput) {
  return (await apiPost(`/ideas/${seg(ideaId)}/endorsements`, { idea_endorsement: input }, ideaEndorsementEnvelope)).idea_endorsement;
}

export function deleteIdeaEndorsement(ideaId: string, endorsementId: string): Promise<DeleteAnswer> {
  return apiDelete(`/ideas/${seg(ideaId)}/endorsements/${seg(endorsementId)}`);
}

/** The account's organizations, for the vote dialog (names only). */
export async function fetchIdeaOrganizations(signal?: AbortSignal) {
  return (await apiGet('/idea_organizations', ideaOrganizationPage, { per_page: MAX_PER_PAGE, fields: 'id,name' }, { signal }))
    .idea_organizations;
}

/** `PUT /ideas/{id}/promote`: the body is top level (hosted); answers the idea with its new link. */
export async function promoteIdea(ideaId: string, input: IdeaPromoteInput) {
  return (await apiPut(`/ideas/${seg(ideaId)}/promote`, input, ideaEnvelope)).idea;
}

const portalUserPath = (portalId: string, userId?: string) =>
  `/idea_portals/${seg(portalId)}/portal_users${userId === undefined ? '' : `/${seg(userId)}`}`;

// Choices change rarely while a form or a dialog is open.
const CHOICES_STALE_TIME = 60_000;

export const ideaQueries = {
  all: keys.ideas.all,
  list: (productId: string, filters: IdeaListFilters = {}) =>
    pagedQuery(keys.ideas.list(productId, filters), (signal) => fetchIdeas(productId, filters, signal)),
  detail: (ideaId: string) => readQuery(keys.ideas.detail(ideaId), (signal) => fetchIdea(ideaId, signal)),
  related: (q: string) => readQuery(keys.ideas.related({ q }), (signal) => fetchRelatedIdeas(q, signal)),
  categories: (productId: string) =>
    readQuery(keys.ideas.categories(productId), (signal) => fetchIdeaCategories(productId, signal), CHOICES_STALE_TIME),
  endorsements: (ideaId: string, filters: EndorsementFilters = {}) =>
    pagedQuery(keys.ideas.endorsements(ideaId, filters), (signal) => fetchIdeaEndorsements(ideaId, filters, signal)),
  organizations: () => readQuery(keys.ideas.organizations(), fetchIdeaOrganizations, CHOICES_STALE_TIME),
};

export const portalQueries = {
  list: (productId: string) =>
    readQuery(keys.ideaPortals.list(productId), (signal) => fetchIdeaPortals(productId, signal), CHOICES_STALE_TIME),
  detail: (portalId: string) => readQuery(keys.ideaPortals.detail(portalId), (signal) => fetchIdeaPortal(portalId, signal)),
  users: (portalId: string, filters: PortalUserFilters = {}) =>
    pagedQuery(keys.portalUsers.list(portalId, filters), (signal) => fetchPortalUsers(portalId, filters, signal)),
  signInEmails: (portalId: string, page: number) =>
    pagedQuery(keys.signInEmails.list(portalId, page), (signal) => fetchSignInEmails(portalId, page, signal)),
};

/** An idea is cached under its id and its key (`/ideas/PLN-I-4`). */
const cacheIdea = cacheDetail<Idea>(ideaQueries.detail, { byKey: true });

export const useCreateIdea = createUnderMutation<Idea, IdeaCreateInput>('idea', createIdea, cacheIdea);
export const useUpdateIdea = updateMutation('idea', updateIdea, cacheIdea);
export const useDeleteIdea = deleteMutation('idea', deleteIdea);

/** The columns of the ideas board's cards. */
export const IDEA_BOARD_FIELDS = 'name,reference_num,workflow_status,votes,assigned_to_user';

/** Moves an idea to another status of its workflow (the ideas board), optimistically. */
export const useMoveIdeaStatus = statusMoveMutation('idea', 'ideas', (id, status) =>
  updateIdea(id, { workflow_status: { name: status.name } }),
);

/**
 * Merges an idea into another (`target` an id or key) or unmerges it (`null`). The idea kind's
 * invalidation refreshes the survivor too: its `duplicates` and votes live under the same root.
 */
export const useMergeIdea = defineMutation('idea', {
  mutationFn: ({ id, target }: { id: string; target: string | null }) => updateIdea(id, { duplicate_idea: target }),
  onSuccess: cacheIdea,
});

/** Marks an idea as spam or takes the mark off (the spec's strings "true"/"false"). */
export const useMarkSpam = defineMutation('idea', {
  mutationFn: ({ id, spam }: { id: string; spam: boolean }) => updateIdea(id, { spam: spam ? 'true' : 'false' }),
  onSuccess: cacheIdea,
});

/**
 * A proxy vote. Kind `idea`: the votes list, the idea's `votes` (page and lists) and the
 * organizations' counts all sit under the ideas root.
 */
export const useAddVote = defineMutation('idea', {
  mutationFn: ({ ideaId, input }: { ideaId: string; input: ProxyVoteInput }) => createIdeaEndorsement(ideaId, input),
});

export const useRemoveVote = defineMutation('idea', {
  mutationFn: ({ ideaId, id }: { ideaId: string; id: string }) => deleteIdeaEndorsement(ideaId, id),
  // A removed vote goes to the recycle bin (the idea's votes come back with it on a restore).
  deletes: true,
});

/**
 * Promote: writes the idea (its link and status) and creates a feature, epic or initiative, whose
 * lists and roll-ups (release, epic, initiative, goal) must refresh too — hence the extra kinds.
 */
export const usePromoteIdea = defineMutation('idea', {
  mutationFn: ({ id, input }: { id: string; input: IdeaPromoteInput }) => promoteIdea(id, input),
  alsoKinds: ['feature', 'epic', 'initiative'],
  onSuccess: cacheIdea,
});

/** A new portal of a workspace (administrators only: a member's 403 reaches the form). */
export const useCreatePortal = defineMutation('idea_portal', (productId: string) => ({
  mutationFn: async (input: IdeaPortalCreateInput) =>
    (await apiPost('/idea_portals', { idea_portal: { ...input, product_id: productId } }, ideaPortalEnvelope)).idea_portal,
}));

/** A portal's settings: title, key, access, state, address, vote caps. */
export const useUpdatePortal = defineMutation('idea_portal', {
  mutationFn: async ({ id, input }: { id: string; input: IdeaPortalUpdateInput }) =>
    (await apiPut(`/idea_portals/${seg(id)}`, { idea_portal: input }, ideaPortalEnvelope)).idea_portal,
});

export const useCreatePortalUser = defineMutation('portal_user', (portalId: string) => ({
  mutationFn: async (input: PortalUserCreateInput) =>
    (await apiPost(portalUserPath(portalId), { portal_user: input }, portalUserEnvelope)).portal_user,
}));

export const useUpdatePortalUser = defineMutation('portal_user', (portalId: string) => ({
  mutationFn: async ({ id, input }: { id: string; input: PortalUserUpdateInput }) =>
    (await apiPut(portalUserPath(portalId, id), { portal_user: input }, portalUserEnvelope)).portal_user,
}));

export const useDeletePortalUser = defineMutation('portal_user', (portalId: string) => ({
  mutationFn: (id: string) => apiDelete(portalUserPath(portalId, id)),
  deletes: true,
}));
