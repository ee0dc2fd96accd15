// A product's portals (issue 29): the hosted `POST` / `PUT /products/{product_id}/idea_portals`
// bodies and answer, in a module of their own because the app does not send them (its first load
// stays within e2e/first-load.spec.ts's JavaScript budget).
import { z } from 'zod';
import { SUBDOMAIN_MAX, ideaPortalSchema } from './portals';

/** The most portals one link request names. */
export const PORTAL_LINKS_MAX = 100;

/**
 * `POST` / `PUT /products/{product_id}/idea_portals`, top level as hosted: the portals to link to the
 * product, by id (text or number) or subdomain.
 */
export const ideaPortalLinksBody = z.object({
  idea_portal_ids: z
    .array(
      z.union([z.string().trim().min(1, "can't be blank").max(SUBDOMAIN_MAX), z.number().int().positive().transform(String)], {
        error: 'must be the id or subdomain of an idea portal',
      }),
      { error: 'must be a list of idea portal ids' },
    )
    .max(PORTAL_LINKS_MAX, `must name at most ${PORTAL_LINKS_MAX} portals`),
});
export type IdeaPortalLinksInput = z.input<typeof ideaPortalLinksBody>;

/** Their answer: every portal of the product, whole, as one list (the hosted answer has no `pagination`). */
export const ideaPortalLinksAnswer = z.object({ idea_portals: z.array(ideaPortalSchema) }).meta({ title: 'IdeaPortalLinks' });
export type IdeaPortalLinks = z.infer<typeof ideaPortalLinksAnswer>;
