// Reads a request's Accept-Encoding into the set of content codings the client takes (q > 0), for
// the precompressed assets and the compressed JSON answers alike.

/** The codings the service sends, best first; identity is always acceptable. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/** Codings named with q > 0; `*` accepts every coding the service sends unless named with q=0. */
export function acceptedEncodings(header: string | null | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const ok = q === undefined || Number(q) > 0;
    if (name === '*') star = ok;
    else if (ok) accepted.add(name);
    else refused.add(name);
  }
  if (star) for (const coding of CODINGS) if (!refused.has(coding)) accepted.add(coding);
  return accepted;
}

/** The best coding of ours the client takes, or null for identity. */
export function bestCoding(header: string | null | undefined): Coding | null {
  if (!header) return null;
  const accepted = acceptedEncodings(header);
  return CODINGS.find((c) => accepted.has(c)) ?? null;
}
