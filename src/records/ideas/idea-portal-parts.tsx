// What the idea page says of the ideas portal (issue 15): who submitted the idea there, and whether
// the team's response shows there. Apart from the page so that both are tested on their own.
import type { Idea } from '../../contract/ideas';

/** Someone who submitted the idea in the ideas portal: "Name (email) in Portal title", tagged Portal. */
export function PortalCreator({ user, portalTitle }: { user: NonNullable<Idea['created_by_portal_user']>; portalTitle: string | null }) {
  return (
    <span className="idea-portal-creator">
      <span>
        {user.name} (<Email text={user.email} />){portalTitle ? <span className="muted"> in {portalTitle}</span> : null}
      </span>
      <span className="tag">Portal</span>
    </span>
  );
}

/** An email that may wrap after its @ in a narrow column, rather than mid-word. */
export function Email({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return <>{text}</>;
  return (
    <span className="idea-email">
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </span>
  );
}

/** Whether portal users see the response: only once published (the edit form's checkbox). */
export function ResponsePublication({ idea }: { idea: { admin_response: { body: string } | null; admin_response_published: boolean } }) {
  if (!idea.admin_response) return null;
  return (
    <p className="idea-response-state muted">
      <span className="tag">{idea.admin_response_published ? 'Published in the portal' : 'Not published'}</span>
      {idea.admin_response_published ? null : ' Portal users do not see it until it is published (Edit).'}
    </p>
  );
}
