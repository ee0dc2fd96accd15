// Account administration's request bodies (`PUT /users/{id}`, team writes; administrators only):
// a module of their own because the app's screens do not send them, so its first load does not
// carry them (e2e/first-load.spec.ts holds the app to a JavaScript budget).
import { z } from 'zod';
import { referencePrefixInput } from './account';
import { NAME_MAX, colorInput, nameInput, writeBody } from './common';
import { emailInput, flagInput } from './portals';

/** A first or last name as `PUT /users/{id}` takes it: trimmed, at most 255 characters. */
const personNamePart = z.string().trim().max(NAME_MAX, `is too long (at most ${NAME_MAX} characters)`);

/**
 * `PUT /users/{id}` (administrators): the hosted `first_name` / `last_name` (a user has one `name`
 * here: the first word and the rest), or `name` itself; `email`, unique in any case; `enabled`; and
 * `administrator`, the one role this service knows. The account always keeps an enabled
 * administrator, and nobody disables themselves (store/users.ts).
 */
export const userUpdateInput = z.object({
  name: nameInput.optional(),
  first_name: personNamePart.min(1, "can't be blank").optional(),
  last_name: personNamePart.nullable().optional(),
  email: emailInput.optional(),
  enabled: flagInput.optional(),
  administrator: flagInput.optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateInput>;
export const userUpdateBody = writeBody('user', userUpdateInput);

/**
 * `POST /teams`, `POST /products/{product_id}/teams`: `name` required; `reference_prefix` (the key
 * of its program increments, `WEB-PI-1`) made from the name unless given, unique among products
 * and teams; `product_id` (id or prefix) makes a workspace's team (the path's product on the
 * second form), none an account-wide one; `color` `#rrggbb`. The hosted
 * `automatically_calculate_team_members_count` is taken only as `true`: membership is not stored,
 * so the count is always computed (0).
 */
export const teamCreateInput = z.object({
  name: nameInput,
  reference_prefix: referencePrefixInput.optional(),
  product_id: z
    .union([z.string().trim().min(1, "can't be blank").max(NAME_MAX), z.number().int().positive().transform(String), z.null()], {
      error: 'must be the id or reference prefix of a product, or null',
    })
    .optional(),
  color: colorInput.optional(),
  automatically_calculate_team_members_count: flagInput.optional(),
});
export type TeamCreateInput = z.input<typeof teamCreateInput>;
export const teamCreateBody = writeBody('team', teamCreateInput);
/** `PUT /teams/{id}`: any of the create fields; the prefix only while no program increment is keyed with it. */
export const teamUpdateInput = teamCreateInput.partial();
export type TeamUpdateInput = z.input<typeof teamUpdateInput>;
export const teamUpdateBody = writeBody('team', teamUpdateInput);
