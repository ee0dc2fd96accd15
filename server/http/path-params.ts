// The grammar of path parameters, one entry per collection: `/features/{id}` takes a numeric id or a
// feature key, `/users/{id}` an id or an email, `/release_phases/{id}` an id only. `mountRoutes`
// checks every parameter with it before anything else runs, so a value no record can have
// (` 1`, `+1`, `1.0`, `0x1`, `01`, `1e3`, `١`, a 5,000-digit number) is a 404 that never reaches the
// database, and the stores' finders only ever see well-formed ids and keys.
import { EMAIL_MAX } from '../../src/contract/common';
import { SUBDOMAIN_PATTERN } from '../../src/contract/portals';
import { notFound } from '../problems';
import type { StoreError } from '../problems';

/** A numeric id: no sign, no leading zero, no exponent, within the safe integer range. */
const ID = /^[1-9][0-9]{0,15}$/;
/** A reference prefix (`PLN`), any case: keys are matched ignoring case. */
const PREFIX = '[A-Za-z][A-Za-z0-9]{1,9}';
/** The number part of a key. */
const N = '[1-9][0-9]{0,15}';
const key = (infix: string): RegExp => new RegExp(`^${PREFIX}${infix}-${N}$`);
/** An email as the users table can hold it: one `@`, no spaces or control characters. */
const EMAIL = /^[^\s@\p{C}]{1,64}@[^\s@\p{C}]{1,190}$/u;

interface ParamGrammar {
  /** "Feature" in "Feature X not found". */
  noun: string;
  /** The other forms the parameter takes besides the numeric id. */
  alternatives: readonly RegExp[];
}

/**
 * Every collection a path parameter follows (`/features/{id}`, `/products/{product_id}/…`). A route
 * whose parameter follows a collection missing here fails `checkTable` at start-up.
 */
const GRAMMARS: Readonly<Record<string, ParamGrammar>> = {
  products: { noun: 'Product', alternatives: [new RegExp(`^${PREFIX}$`)] },
  teams: { noun: 'Team', alternatives: [new RegExp(`^${PREFIX}$`)] },
  users: { noun: 'User', alternatives: [EMAIL] },
  releases: { noun: 'Release', alternatives: [key('-[Rr]')] },
  release_phases: { noun: 'Release phase', alternatives: [] },
  features: { noun: 'Feature', alternatives: [key('')] },
  requirements: { noun: 'Requirement', alternatives: [key(`-${N}`)] },
  epics: { noun: 'Epic', alternatives: [key('-[Ee]')] },
  initiatives: { noun: 'Initiative', alternatives: [key('-[Ss]')] },
  goals: { noun: 'Goal', alternatives: [key('-[Gg]')] },
  ideas: { noun: 'Idea', alternatives: [key('-[Ii]')] },
  pages: { noun: 'Note', alternatives: [key('-[Nn]')] },
  // A description's id (store/note-ids.ts): digits only.
  notes: { noun: 'Description', alternatives: [] },
  comments: { noun: 'Comment', alternatives: [] },
  attachments: { noun: 'Attachment', alternatives: [] },
  custom_field_definitions: { noun: 'Custom field definition', alternatives: [] },
  // A portal's key is its subdomain (contract/portals.ts), matched in any case.
  idea_portals: { noun: 'Idea portal', alternatives: [new RegExp(SUBDOMAIN_PATTERN.source, 'i')] },
  portal_users: { noun: 'Portal user', alternatives: [] },
  endorsements: { noun: 'Idea endorsement', alternatives: [] },
  subscriptions: { noun: 'Idea subscription', alternatives: [] },
  // An organization's key is `ORG-<id>` (store/idea-organizations.ts), any case.
  idea_organizations: { noun: 'Idea organization', alternatives: [/^[Oo][Rr][Gg]-\d+$/] },
  deletions: { noun: 'Deletion', alternatives: [] },
  historical_audits: { noun: 'Historical audit search', alternatives: [] },
  screen_definitions: { noun: 'Screen definition', alternatives: [] },
};

/** The collection segment before each `{param}` of a path template: `{ product_id: 'products' }`. */
export function paramCollections(template: string): Record<string, string> {
  const out: Record<string, string> = {};
  const segments = template.split('/');
  segments.forEach((segment, i) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (name) out[name] = segments[i - 1] ?? '';
  });
  return out;
}

/** Throws when a template has a parameter after a collection without a grammar (a table bug). */
export function checkParamGrammars(template: string): void {
  for (const [name, collection] of Object.entries(paramCollections(template))) {
    if (!GRAMMARS[collection]) {
      throw new Error(`${template}: no path grammar for {${name}} after /${collection} (add it in server/http/path-params.ts)`);
    }
  }
}

/** True when `value` is a numeric id within the safe integer range. */
export function isStrictId(value: string): boolean {
  return ID.test(value) && Number.isSafeInteger(Number(value));
}

function accepts(grammar: ParamGrammar, value: string): boolean {
  if (isStrictId(value)) return true;
  if (value.length > EMAIL_MAX) return false;
  return grammar.alternatives.some((re) => re.test(value));
}

/** How a refused value is named in the 404: quoted, and cut short when it is long. */
function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * A checker for one template's parameters: null when every value fits its collection's grammar,
 * otherwise the 404 of the first that does not.
 */
export function paramChecker(template: string): (params: Record<string, string>) => StoreError | null {
  const entries = Object.entries(paramCollections(template)).map(([name, collection]) => {
    const grammar = GRAMMARS[collection];
    if (!grammar) throw new Error(`${template}: no path grammar for {${name}}`);
    return [name, grammar] as const;
  });
  return (params) => {
    for (const [name, grammar] of entries) {
      const value = params[name] ?? '';
      if (!accepts(grammar, value)) return notFound(grammar.noun, shown(value));
    }
    return null;
  };
}
