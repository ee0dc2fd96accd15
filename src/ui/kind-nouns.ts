// Record kinds as a person names them, one table for every screen that names a kind by the service's
// type (the recycle bin, the history, the audit search): `ReleasePhase` is a "release phase", `Page`
// a "note", `Ideas::IdeaEndorsement` a "vote". A type not listed is spelled out the same way.

const NOUNS: Readonly<Record<string, readonly [one: string, many: string]>> = {
  Feature: ['feature', 'features'],
  Epic: ['epic', 'epics'],
  Requirement: ['requirement', 'requirements'],
  Release: ['release', 'releases'],
  ReleasePhase: ['release phase', 'release phases'],
  Initiative: ['initiative', 'initiatives'],
  Goal: ['goal', 'goals'],
  StrategicImperative: ['goal', 'goals'],
  Idea: ['idea', 'ideas'],
  'Ideas::Idea': ['idea', 'ideas'],
  Page: ['note', 'notes'],
  Comment: ['comment', 'comments'],
  Attachment: ['file', 'files'],
  Product: ['workspace', 'workspaces'],
  Team: ['team', 'teams'],
  IdeaPortal: ['idea portal', 'idea portals'],
  PortalUser: ['portal user', 'portal users'],
  IdeaVote: ['vote', 'votes'],
  IdeaEndorsement: ['vote', 'votes'],
  'Ideas::IdeaEndorsement': ['vote', 'votes'],
  IdeaOrganization: ['organization', 'organizations'],
};

/** Singular and plural of a kind: `ReleasePhase` → ["release phase", "release phases"]. */
export function kindNouns(type: string): readonly [string, string] {
  const known = NOUNS[type];
  if (known) return known;
  const words = (type.split('::').pop() ?? type).replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return [words, `${words}s`];
}

/** A kind in the singular: `ReleasePhase` → "release phase". */
export const kindNoun = (type: string): string => kindNouns(type)[0];
