// Which host names the service answers to, and the public URL its links are built from. The
// `Host` header is never trusted for links: every `url`/`resource` and the API document's server
// come from the public URL (`PLANNER_PUBLIC_URL`, by default the address the service listens on).
// A request naming any other host is refused (421) before anything else runs, API and app pages
// alike, so a page on another name rebound to this address (DNS rebinding) cannot read the API.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';

/** A host name and the ports it is accepted on (`*`: any; `''`: the header names no port). */
interface HostEntry {
  name: string;
  ports: ReadonlySet<string> | '*';
}

export interface Site {
  /** Scheme, host and port (no trailing slash) that links are built on: `http://127.0.0.1:4780`. */
  origin: string;
  hosts: readonly HostEntry[];
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]', '']);
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** `::1` → `[::1]`: host names as they appear in URLs and Host headers. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
}

/** `name` or `name:port` from PLANNER_ALLOWED_HOSTS: a name alone is accepted on any port. */
function allowedEntry(text: string): HostEntry {
  const parsed = splitHost(text.trim().toLowerCase());
  if (!parsed) throw new Error(`PLANNER_ALLOWED_HOSTS: "${text}" is not a host name or host:port`);
  return { name: parsed.name, ports: parsed.port ? new Set([parsed.port]) : '*' };
}

/** A Host header's name and port, or null when it is not one. */
function splitHost(value: string): { name: string; port: string } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::([0-9]{1,5}))?$/.exec(value);
  if (!match?.[1]) return null;
  return { name: match[1], port: match[2] ?? '' };
}

/**
 * The site of a running service: the public URL (or `http://<listen host>:<port>`; `localhost` when
 * listening on every interface), and the hosts it answers to — the public URL's, the listen
 * address, the loopback names on the listen port, and PLANNER_ALLOWED_HOSTS.
 */
export function siteFor(options: {
  host: string;
  port: number;
  publicUrl?: string | undefined;
  allowedHosts?: readonly string[] | undefined;
}): Site {
  const listenName = WILDCARD.has(options.host) ? null : urlHost(options.host);
  const port = String(options.port);
  const publicUrl = new URL(options.publicUrl ?? `http://${listenName ?? 'localhost'}:${port}`);
  if (publicUrl.protocol !== 'http:' && publicUrl.protocol !== 'https:') {
    throw new Error(`PLANNER_PUBLIC_URL must be an http or https URL, not ${publicUrl.protocol}`);
  }
  const defaultPort = publicUrl.protocol === 'https:' ? '443' : '80';
  const hosts: HostEntry[] = [
    // A Host header may leave out the scheme's default port, or name it.
    { name: publicUrl.hostname, ports: new Set(publicUrl.port ? [publicUrl.port] : ['', defaultPort]) },
    ...[...(listenName ? [listenName] : []), ...LOOPBACK].map((name) => ({ name, ports: new Set([port]) })),
    ...(options.allowedHosts ?? []).map(allowedEntry),
  ];
  return { origin: publicUrl.origin, hosts };
}

/** True when the site answers to this Host header. */
export function answersTo(site: Site, hostHeader: string | undefined): boolean {
  const parsed = hostHeader ? splitHost(hostHeader.trim().toLowerCase()) : null;
  if (!parsed) return false;
  return site.hosts.some((h) => h.name === parsed.name && (h.ports === '*' || h.ports.has(parsed.port)));
}

/** Refuses requests for other hosts (421, JSON naming the host) and gives the routes the origin. */
export function hostCheck(site: Site): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const host = c.req.header('host');
    if (!answersTo(site, host)) {
      const named = host === undefined ? 'no Host header' : `host ${JSON.stringify(host.slice(0, 100))}`;
      return c.json(
        { error: `This service does not answer to ${named}: add it to PLANNER_ALLOWED_HOSTS or PLANNER_PUBLIC_URL` },
        421,
        { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      );
    }
    c.set('origin', site.origin);
    await next();
  };
}
