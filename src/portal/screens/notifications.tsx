// The viewer's notifications (`/notifications`): status changes and replies on the ideas they follow,
// newest first, the unread ones marked (in words, not colour alone). "Mark all read", and opening one
// marks it read; the header's count follows.
import { useState } from 'react';
import { portalNotificationsSchema } from '../../contract/portal-site';
import type { PortalInfo, PortalNotification, Viewer } from '../../contract/portal-site';
import { errorText, request } from '../api';
import { fullDate, timeAgo } from '../format';
import { Link } from '../router';
import { patchViewer, updateCached, useResource } from '../store';
import { EmptyState, ErrorBox, FormError, IdeasAction, ScreenHead, SkeletonBlock, useDocumentTitle } from '../ui';

const PATH = '/notifications';

/** Marks notifications read in the kept answer (all when `ids` is undefined) and sets the unread count. */
function markLocally(ids: readonly string[] | undefined): void {
  let unread = 0;
  updateCached((data, path) => {
    if (path !== PATH || typeof data !== 'object' || data === null || !('notifications' in data)) return data;
    const list = (data as { notifications: PortalNotification[] }).notifications.map((n) =>
      ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n,
    );
    unread = list.filter((n) => !n.read).length;
    return { ...data, notifications: list, unread };
  });
  patchViewer({ unread_notifications: unread });
}

export default function NotificationsScreen({ portal, viewer }: { portal: PortalInfo; viewer: Viewer }) {
  useDocumentTitle('Notifications', portal.title);
  const res = useResource(PATH, portalNotificationsSchema);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const data = res.data;
  const unread = data ? data.notifications.filter((n) => !n.read).length : viewer.unread_notifications;

  const markRead = async (ids?: string[]) => {
    setProblem(null);
    if (!ids) setPending(true);
    try {
      await request(`${PATH}/read`, null, { method: 'POST', json: ids ? { ids } : {} });
      markLocally(ids);
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="screen narrow">
      <ScreenHead
        title="Notifications"
        lead={unread > 0 ? `${unread} unread` : 'You are all caught up.'}
        actions={
          unread > 0 ? (
            <button type="button" className="button" aria-disabled={pending || undefined} onClick={() => void markRead()}>
              {pending ? 'Marking…' : 'Mark all read'}
            </button>
          ) : null
        }
      />
      <FormError problems={problem ? [problem] : []} />
      {data ? (
        data.notifications.length > 0 ? (
          <ul className="card notification-list">
            {data.notifications.map((n) => (
              <li key={n.id} className={`notification${n.read ? '' : ' is-unread'}`}>
                {n.read ? null : <span className="unread-tag">New</span>}
                <div className="notification-body">
                  <Link
                    to={`/ideas/${encodeURIComponent(n.idea.reference_num)}`}
                    className="notification-idea"
                    onClick={() => {
                      if (!n.read) void markRead([n.id]);
                    }}
                  >
                    {n.idea.name}
                  </Link>
                  <p className="notification-message">{n.message}</p>
                  <p className="muted small">
                    {n.idea.reference_num} ·{' '}
                    <time dateTime={n.created_at} title={fullDate(n.created_at)}>
                      {timeAgo(n.created_at)}
                    </time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No notifications yet" actions={<IdeasAction label="Browse ideas" />}>
            Turn on “Get status updates” on an idea, and you hear here when its status changes.
          </EmptyState>
        )
      ) : res.error ? (
        <ErrorBox error={res.error} onRetry={res.reload} title="Your notifications could not be loaded" />
      ) : (
        <div className="card">
          <SkeletonBlock label="Loading notifications…" lines={4} />
        </div>
      )}
    </div>
  );
}
