// Idea subscriptions (hosted `/ideas/{idea_id}/subscriptions`): a portal user of the idea's portal
// told when the idea's status changes. The answer in the hosted shape and the create body; who may
// be subscribed (a portal user of the idea's portal, made from the email when the portal has none)
// is the service's rule (docs/decisions.md, "The ideas portal").
import { z } from 'zod';
import { idSchema, pagingQuerySchema, recordWire, timestampSchema, writeBody } from './common';
import { ideaSummarySchema, portalUserRefSchema } from './ideas';
import { emailInput } from './portals';

export const ideaSubscriptionSchema = z.object({
  id: idSchema,
  idea_id: idSchema,
  created_at: timestampSchema,
  /** The subscriber; named by their first and last name, else by their email (as hosted). */
  portal_user: portalUserRefSchema,
  idea: ideaSummarySchema,
});
export type IdeaSubscription = z.infer<typeof ideaSubscriptionSchema>;
export const {
  envelope: ideaSubscriptionEnvelope,
  listItem: ideaSubscriptionListItemSchema,
  page: ideaSubscriptionPage,
} = recordWire('idea_subscription', 'idea_subscriptions', ideaSubscriptionSchema);

/** `email` (required): the portal user to subscribe, in the idea's portal (any case). */
export const ideaSubscriptionCreateInput = z.object({ email: emailInput });
export const ideaSubscriptionCreateBody = writeBody('idea_subscription', ideaSubscriptionCreateInput);

export const ideaSubscriptionListQuery = pagingQuerySchema;
