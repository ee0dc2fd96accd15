// Votes (hosted "endorsements") on an idea, idea organizations and promotion (issue 11). Rows of
// the route table; the rules are the store's (idea-endorsements.ts, idea-organizations.ts,
// idea-promotions.ts). `PUT /ideas/{id}/promote` takes its fields at the top level, as hosted.
import { showQuerySchema } from '../../src/contract/common';
import {
  ideaEndorsementCreateBody,
  ideaEndorsementEnvelope,
  ideaEndorsementListQuery,
  ideaEndorsementPage,
  ideaEndorsementUpdateBody,
  ideaOrganizationCreateBody,
  ideaOrganizationEnvelope,
  ideaOrganizationListQuery,
  ideaOrganizationPage,
  ideaOrganizationUpdateBody,
  ideaPromoteInput,
} from '../../src/contract/idea-votes';
import { ideaEnvelope } from '../../src/contract/ideas';
import { readObjectBody } from '../http/body';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf, pickFields } from '../http/query';
import { answerById, createRow, createUnder, deleteRow, recordKind, showRow, updateRow } from '../http/record-rows';
import { route } from '../http/route-table';
import { FieldProblems, fieldErrors, zodProblems } from '../problems';
import { createVote, deleteVote, listVotes, loadVote, serializeVotes, updateVote } from '../store/idea-endorsements';
import {
  createOrganization,
  deleteOrganization,
  listOrganizations,
  loadOrganization,
  requireOrganization,
  serializeOrganizations,
  updateOrganization,
} from '../store/idea-organizations';
import { promoteIdea } from '../store/idea-promotions';
import { loadIdea, requireIdea } from '../store/ideas';
import type { IdeaRow, IdeaVoteRow } from '../store/schema';
import { asId } from '../store/resolve';
import { notFound } from '../problems';

const VOTE_TAGS = ['Idea votes'];
const ORG_TAGS = ['Idea organizations'];

const endorsement = recordKind({
  path: '/ideas/{idea_id}/endorsements/{id}',
  tags: VOTE_TAGS,
  envelope: ideaEndorsementEnvelope,
  resolve: async (db, id): Promise<IdeaVoteRow> => {
    const n = asId(id);
    const row = n === null ? undefined : await db.selectFrom('idea_votes').selectAll().where('id', '=', n).executeTakeFirst();
    if (!row) throw notFound('Idea endorsement', id);
    return row;
  },
  answer: answerById(loadVote),
});
/** A vote is reached through the idea it counts on or the idea it was cast on; any other idea is a 404. */
const onIdea = {
  path: '/ideas/{idea_id}/endorsements/{id}',
  parent: requireIdea,
  owns: (idea: IdeaRow, vote: IdeaVoteRow) => vote.idea_id === idea.id || vote.cast_on_idea_id === idea.id,
} as const;

const endorsements = listKind({
  tags: VOTE_TAGS,
  query: ideaEndorsementListQuery,
  response: ideaEndorsementPage,
  answer: pageAnswer(
    'idea_endorsements',
    (db, idea: IdeaRow, p, query) => listVotes(db, idea, p, query.proxy === undefined ? undefined : query.proxy === 'true'),
    (rows, c) => serializeVotes(c.get('store').db, rows, originOf(c)),
  ),
});

const organization = recordKind({
  path: '/idea_organizations/{id}',
  tags: ORG_TAGS,
  envelope: ideaOrganizationEnvelope,
  resolve: requireOrganization,
  answer: answerById(loadOrganization),
});

const organizations = listKind({
  tags: ORG_TAGS,
  query: ideaOrganizationListQuery,
  response: ideaOrganizationPage,
  answer: pageAnswer(
    'idea_organizations',
    (db, _scope: object, p, query) => listOrganizations(db, p, query.q),
    (rows, c) => serializeOrganizations(c.get('store').db, rows, originOf(c)),
  ),
});

export const ideaVoteRoutes = [
  listRow(endorsements, {
    path: '/ideas/{idea_id}/endorsements',
    summary: "List an idea's votes",
    description:
      'The votes counting on the idea and, for a merged idea, the votes cast on it (they count on its survivor). ' +
      '`proxy=true` keeps the proxy votes, `false` the others. `value` is what the voter gave, `weight` what counts now.',
    parent: requireIdea,
    scope: (idea) => idea,
  }),
  createRow(endorsement, {
    path: '/ideas/{idea_id}/endorsements',
    summary: 'Cast a proxy vote for someone',
    description:
      '`email` (the voter, any email) is required; `value` (whole votes, default 1) is capped by the portal: `votes_per_idea`, ' +
      "and `votes_per_user` (or the portal user's `max_endorsements_override`) across the portal's open ideas. One vote per " +
      'voter and idea. A merged or spam idea takes no votes (422).',
    body: ideaEndorsementCreateBody,
    parent: requireIdea,
    create: createUnder('idea', createVote),
  }),
  showRow(endorsement, { ...onIdea, summary: 'Show a vote', query: showQuerySchema }),
  updateRow(endorsement, {
    ...onIdea,
    summary: "Change a vote's value, organization, link or description",
    description: 'The caps are checked again; a vote whose idea is merged or spam cannot change (422).',
    body: ideaEndorsementUpdateBody,
    update: async ({ db, user }, vote, body) => {
      const idea = await requireIdea(db, String(vote.idea_id));
      await updateVote(db, { idea, voteId: vote.id, input: body.data, checked: body, userId: user.id });
      return vote;
    },
  }),
  deleteRow(endorsement, {
    ...onIdea,
    summary: 'Delete a vote (to the recycle bin)',
    remove: ({ db, user }, vote) => deleteVote(db, { voteId: vote.id, userId: user.id }),
  }),
  listRow(organizations, { path: '/idea_organizations', summary: 'List idea organizations', scope: () => ({}) }),
  createRow(organization, {
    path: '/idea_organizations',
    summary: 'Create an idea organization',
    description: '`name` is required and used once in any case; `email_domains` comma-separated; `revenue` a number.',
    body: ideaOrganizationCreateBody,
    create: async ({ db, user }, _none, body) => ({
      id: await createOrganization(db, { input: body.data, checked: body, userId: user.id }),
    }),
  }),
  showRow(organization, { summary: 'Show an idea organization', query: showQuerySchema }),
  updateRow(organization, {
    summary: 'Update an idea organization',
    body: ideaOrganizationUpdateBody,
    update: async ({ db, user }, row, body) => {
      await updateOrganization(db, { id: row.id, input: body.data, checked: body, userId: user.id });
      return row;
    },
  }),
  deleteRow(organization, {
    summary: 'Delete an idea organization (to the recycle bin)',
    description: 'The votes that named it keep their weight and lose the organization.',
    remove: ({ db, user }, row) => deleteOrganization(db, { id: row.id, userId: user.id }),
  }),
  route({
    method: 'put',
    path: '/ideas/{id}/promote',
    op: 'ideas_promote',
    summary: 'Promote an idea to a feature, epic or initiative',
    description:
      'Top-level body, as hosted: `{"promotable_type": "feature" | "epic" | "initiative", "release_id": …}`; a feature or ' +
      "epic needs a release of the idea's product, an initiative takes the product's first initiative status. The record " +
      "gets the idea's name and description, the idea links to it and moves to its Shipped status. An idea already " +
      'promoted, or merged, is a 422.',
    tags: ['Ideas'],
    errors: {
      400: 'The body is not a JSON object',
      422: 'Every problem of the body, each under its field; or the idea is already promoted or merged',
    },
    response: ideaEnvelope,
    handler: async (c, { params }) => {
      const db = c.get('store').db;
      const idea = await requireIdea(db, params.id);
      const parsed = ideaPromoteInput.safeParse(await readObjectBody(c));
      if (!parsed.success) throw fieldErrors(zodProblems(parsed.error, 0));
      await promoteIdea(db, {
        ideaId: idea.id,
        input: parsed.data,
        checked: { problems: new FieldProblems(), flagged: new Set() },
        user: c.get('user'),
      });
      return c.json({ idea: pickFields(await loadIdea(db, idea.id, originOf(c)), undefined, null) });
    },
  }),
] as const;
