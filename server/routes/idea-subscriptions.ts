// Idea subscriptions (hosted `/ideas/{idea_id}/subscriptions`): who is told of an idea's status
// changes in the ideas portal. Rows of the route table, open to every user of the service; the rules
// are the store's (store/idea-subscriptions.ts). A subscription is reached through its own idea only.
import { showQuerySchema } from '../../src/contract/common';
import {
  ideaSubscriptionCreateBody,
  ideaSubscriptionEnvelope,
  ideaSubscriptionListQuery,
  ideaSubscriptionPage,
} from '../../src/contract/idea-subscriptions';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf } from '../http/query';
import { answerById, createRow, createUnder, deleteRow, recordKind, showRow } from '../http/record-rows';
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  loadSubscription,
  requireSubscription,
  serializeSubscriptions,
} from '../store/idea-subscriptions';
import type { IdeaSubscriptionRow } from '../store/idea-subscriptions';
import { requireIdea } from '../store/ideas';
import type { IdeaRow } from '../store/schema';

const TAGS = ['Idea subscriptions'];

const subscription = recordKind({
  path: '/ideas/{idea_id}/subscriptions/{id}',
  tags: TAGS,
  envelope: ideaSubscriptionEnvelope,
  resolve: requireSubscription,
  answer: answerById(loadSubscription),
});
/** Under another idea than its own, a subscription is a 404. */
const onIdea = {
  path: '/ideas/{idea_id}/subscriptions/{id}',
  parent: requireIdea,
  owns: (idea: IdeaRow, row: IdeaSubscriptionRow) => row.idea_id === idea.id,
} as const;

const subscriptions = listKind({
  tags: TAGS,
  query: ideaSubscriptionListQuery,
  response: ideaSubscriptionPage,
  answer: pageAnswer(
    'idea_subscriptions',
    (db, idea: IdeaRow, p) => listSubscriptions(db, idea, p),
    (rows, c) => serializeSubscriptions(c.get('store').db, rows, originOf(c)),
  ),
});

export const ideaSubscriptionRoutes = [
  listRow(subscriptions, {
    path: '/ideas/{idea_id}/subscriptions',
    summary: "List an idea's subscriptions",
    description:
      "The portal users told when the idea's status changes, oldest first: those who subscribed in the ideas portal " +
      '(submitting or voting subscribes too) and those subscribed here.',
    parent: requireIdea,
    scope: (idea) => idea,
  }),
  createRow(subscription, {
    path: '/ideas/{idea_id}/subscriptions',
    summary: 'Subscribe a portal user to an idea',
    description:
      "`email` (required) names a portal user of the idea's portal, in any case; an email the portal does not know " +
      'becomes its portal user (named by the email, as hosted). An idea in no portal has no one to subscribe (422 on ' +
      '`email`). Subscribing someone already subscribed answers their subscription (200) and writes nothing.',
    body: ideaSubscriptionCreateBody,
    parent: requireIdea,
    create: createUnder('idea', createSubscription),
  }),
  showRow(subscription, { ...onIdea, summary: 'Show a subscription', query: showQuerySchema }),
  deleteRow(subscription, {
    ...onIdea,
    summary: 'Unsubscribe (delete a subscription)',
    description:
      'As hosted, 204. Removed for good, not to the recycle bin (no `X-Deletion-Id`): a subscription is a preference, not a record worth restoring, and the ' +
      'portal user can subscribe again. Audited (`IdeaSubscription`, destroy).',
    remove: ({ db, user }, row) => deleteSubscription(db, { id: row.id, userId: user.id }),
  }),
] as const;
