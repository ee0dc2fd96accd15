// Idea portals and their portal users (operation 12 and list/show/update/delete, under their portal
// and account-wide), and a portal's sign-in emails. Members read portals and portal users (the idea
// screens name them); everything that sets a portal up or decides who gets in — settings, portal
// users and their permissions and vote caps, and the sign-in log with its live links — is an
// administrator's (`access: 'administrator'`, 403 for members). Rows of the route table.
import { listQuerySchema, showQuerySchema } from '../../src/contract/common';
import {
  PORTAL_USER_DEFAULT_FIELDS,
  ideaPortalCreateBody,
  ideaPortalEnvelope,
  ideaPortalListQuery,
  ideaPortalPage,
  ideaPortalUpdateBody,
  portalUserCreateBody,
  portalUserEnvelope,
  portalUserListQuery,
  portalUserPage,
  portalUserUpdateBody,
  signInEmailPage,
} from '../../src/contract/portals';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf, pickFields } from '../http/query';
import { createRow, deleteRow, recordKind, showRow, updateRow } from '../http/record-rows';
import {
  createIdeaPortal,
  createPortalUser,
  deletePortalUser,
  ideaPortalBody,
  listIdeaPortals,
  listPortalUsers,
  portalUserBody,
  requireIdeaPortal,
  requirePortalUser,
  updateIdeaPortal,
  updatePortalUser,
} from '../store/portals';
import type { IdeaPortalScope, PortalUserScope } from '../store/portals';
import { listSignInEmails } from '../store/portal-site';
import { requireProduct } from '../store/resolve';
import type { IdeaPortalRow, PortalUserRow } from '../store/schema';

const PORTAL_TAGS = ['Idea portals'];
const USER_TAGS = ['Portal users'];

const portal = recordKind({
  path: '/idea_portals/{id}',
  tags: PORTAL_TAGS,
  envelope: ideaPortalEnvelope,
  resolve: requireIdeaPortal,
  answer: ({ origin }, row: IdeaPortalRow) => ideaPortalBody(row, origin),
});

const portalUser = recordKind({
  path: '/portal_users/{id}',
  tags: USER_TAGS,
  envelope: portalUserEnvelope,
  resolve: requirePortalUser,
  // Hosted answers leave `portal_user_subscriptions` to `fields`; `*` or its name brings it.
  answer: (_ctx, row: PortalUserRow, fields) => pickFields(portalUserBody(row), fields, PORTAL_USER_DEFAULT_FIELDS),
});

const portals = listKind({
  tags: PORTAL_TAGS,
  query: ideaPortalListQuery,
  response: ideaPortalPage,
  answer: pageAnswer(
    'idea_portals',
    (db, scope: IdeaPortalScope, p, query) => listIdeaPortals(db, scope, p, { q: query.q, updatedSince: query.updated_since }),
    // Portals are small: whole by default, `fields` narrows them.
    (rows, c) => rows.map((r) => ideaPortalBody(r, originOf(c))),
  ),
});

const portalUsers = listKind({
  tags: USER_TAGS,
  query: portalUserListQuery,
  response: portalUserPage,
  answer: pageAnswer(
    'portal_users',
    (db, scope: PortalUserScope, p, query) =>
      listPortalUsers(db, scope, p, { q: query.q, enabled: query.enabled, employee: query.employee, updatedSince: query.updated_since }),
    (rows, _c, query) => rows.map((r) => pickFields(portalUserBody(r), query.fields, PORTAL_USER_DEFAULT_FIELDS)),
  ),
});

/** The sign-in emails a portal sent, newest first: with no mail server, how someone gets their link. */
const signInEmails = listKind({
  tags: PORTAL_TAGS,
  query: listQuerySchema,
  response: signInEmailPage,
  answer: pageAnswer('sign_in_emails', (db, portal: IdeaPortalRow, p) => listSignInEmails(db, portal, p)),
});

/** A portal user is reached under its own portal only: another portal's is a 404. */
const inPortal = {
  parent: requireIdeaPortal,
  owns: (portal: IdeaPortalRow, user: PortalUserRow) => user.idea_portal_id === portal.id,
};

const USER_RULES =
  '`email` required, unique in the portal in any case; `permission` (answered as `employee`), `enabled`, `verified`, ' +
  '`unsubscribed`, `unsubscribed_from_weekly_emails` true or false (or their text); `max_endorsement_override` (answered as ' +
  '`max_endorsements_override`) a whole number ≥ 0 or null. The answer spellings are taken too; sent with both, they must agree.';

export const portalRoutes = [
  listRow(portals, {
    path: '/idea_portals',
    summary: "List the account's idea portals",
    description: '`q` searches titles and subdomains.',
    scope: () => ({ account: true as const }),
  }),
  listRow(portals, {
    path: '/products/{product_id}/idea_portals',
    summary: "List a product's idea portals",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  showRow(portal, {
    summary: 'Show an idea portal',
    params: { id: 'Numeric id or subdomain' },
    query: showQuerySchema,
  }),
  {
    ...createRow(portal, {
      path: '/idea_portals',
      summary: 'Create an idea portal',
      description:
        "In the product `product_id` names (id or prefix). `title` required; `subdomain` (the portal's key) is made from the " +
        'title unless given, unique in the account; `access_type` public, submit-only or private; vote caps whole numbers ≥ 1 ' +
        '(null: no cap), `votes_per_idea` not above `votes_per_user`. `POST` / `PUT /products/{product_id}/idea_portals` link ' +
        'existing portals to a product (which moves them: a portal serves one product here).',
      body: ideaPortalCreateBody,
      create: ({ db, user }, _parent, body) => createIdeaPortal(db, user, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...updateRow(portal, {
      summary: 'Update an idea portal',
      description: 'Any field of the create but the product.',
      params: { id: 'Numeric id or subdomain' },
      body: ideaPortalUpdateBody,
      update: ({ db, user }, row, body) => updateIdeaPortal(db, user, row, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...createRow(portalUser, {
      path: '/idea_portals/{idea_portal_id}/portal_users',
      summary: 'Create a portal user',
      description: `Operation 12. ${USER_RULES}`,
      body: portalUserCreateBody,
      parent: requireIdeaPortal,
      create: ({ db, user }, parent, body) => createPortalUser(db, user, parent, body.data, body),
    }),
    access: 'administrator' as const,
  },
  listRow(portalUsers, {
    path: '/idea_portals/{idea_portal_id}/portal_users',
    summary: "List a portal's users",
    description: '`q` searches emails and names; `enabled` and `employee` (true or false) filter.',
    parent: requireIdeaPortal,
    scope: (parent) => ({ portalId: parent.id }),
  }),
  showRow(portalUser, {
    path: '/idea_portals/{idea_portal_id}/portal_users/{id}',
    summary: 'Show a portal user of a portal',
    query: showQuerySchema,
    ...inPortal,
  }),
  {
    ...updateRow(portalUser, {
      path: '/idea_portals/{idea_portal_id}/portal_users/{id}',
      summary: 'Update a portal user',
      description: `Enabling and disabling (\`enabled\`), the employee permission and the vote cap are changed here. ${USER_RULES}`,
      body: portalUserUpdateBody,
      ...inPortal,
      update: ({ db, user }, row, body) => updatePortalUser(db, user, row, body.data, body),
    }),
    access: 'administrator' as const,
  },
  {
    ...deleteRow(portalUser, {
      path: '/idea_portals/{idea_portal_id}/portal_users/{id}',
      summary: 'Delete a portal user',
      description: 'The recycle bin keeps the user; restoring it is for administrators too.',
      ...inPortal,
      remove: ({ db, user }, row) => deletePortalUser(db, user, row),
    }),
    access: 'administrator' as const,
  },
  listRow(portalUsers, {
    path: '/portal_users',
    summary: "List the account's portal users",
    description: "Every portal's users, by portal; the same filters as a portal's list.",
    scope: () => ({ account: true as const }),
  }),
  showRow(portalUser, { summary: 'Show a portal user', query: showQuerySchema }),
  {
    ...listRow(signInEmails, {
      path: '/idea_portals/{idea_portal_id}/sign_in_emails',
      summary: "List a portal's sign-in emails",
      description:
        'Newest first. Each is a sign-in link the portal sent (`delivery`: `smtp` handed to the mail server, `failed` the mail ' +
        'server refused, `log` written to the service log because no mail server is set (PLANNER_SMTP_URL), `none` nobody may ' +
        'sign in with that email). `link` is the link itself only while it is unused and unexpired and was not mailed (`log` or ' +
        '`failed`), so a portal without mail can still be signed in to; a mailed link is never answered (null) nor kept — ' +
        'it belongs to the mailbox it went to.',
      parent: requireIdeaPortal,
      scope: (portal) => portal,
    }),
    access: 'administrator' as const,
  },
] as const;
