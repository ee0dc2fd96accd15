// "Open portal": the portal as its users see it, from the portals list and from the portal's page.
// Its address is the service's answer (`external_url`: the portal's own domain when one is set,
// else `/portal/<key>` here), so the app never builds it. A disabled portal cannot be reached by its
// users, so there is nothing to open.
import type { IdeaPortal } from '../../contract/portals';

export function OpenPortalLink({ portal, size = 'sm' }: { portal: Partial<IdeaPortal>; size?: 'sm' | 'md' }) {
  if (!portal.external_url || !portal.portal_enabled) return null;
  return (
    <a
      className={size === 'sm' ? 'btn btn--ghost btn--sm' : 'btn btn--secondary'}
      href={portal.external_url}
      target="_blank"
      rel="noopener noreferrer"
      // The visible words start the name (WCAG 2.5.3, axe's label-content-name-mismatch).
      aria-label={`Open portal ${portal.title ?? portal.subdomain ?? ''} (new tab)`}
    >
      Open portal
    </a>
  );
}
