// The foot of every record page: "Comments | History" as one tab set — the record's thread (the
// default, as before) and its history as a timeline. One kit part for every kind with a page: the
// page names its kind and id, the rest (the audited type, the noun) follows from the kind.
import { useMemo } from 'react';
import { AUDITABLE_TYPES } from '../api/audits';
import type { CommentableKind } from '../contract/comments';
import { CommentsPanel } from './comments-panel';
import { HistoryPanel } from './history-panel';
import { typeNoun } from './history-model';
import { Tabs } from './tabs';
import './record-activity.css';

export interface RecordActivityProps {
  kind: CommentableKind;
  id: string;
  /** The record's workspace (the history names statuses, kinds and teams from it). */
  productId?: string | undefined;
  /** The record's `comments_count`, shown on the tab (refreshed with the record after a comment). */
  commentCount?: number | null | undefined;
  /** `plain`: the end of a card that is the whole record (a note), under a rule; else a card of its own. */
  variant?: 'card' | 'plain';
  /** Which tab is open first (a test or a link may want the history). */
  initial?: 'comments' | 'history';
}

export function RecordActivity({ kind, id, productId, commentCount, variant = 'card', initial = 'comments' }: RecordActivityProps) {
  const subject = useMemo(() => ({ type: AUDITABLE_TYPES[kind], id }), [kind, id]);
  const noun = typeNoun(subject.type);
  return (
    <div className={variant === 'card' ? 'card record-activity' : 'record-activity record-activity--plain'}>
      <Tabs
        label={`Comments and history of this ${noun}`}
        initial={initial}
        tabs={[
          {
            id: 'comments',
            label: (
              <>
                Comments
                {commentCount ? <span className="record-activity__count">{commentCount}</span> : null}
              </>
            ),
            panel: () => <CommentsPanel kind={kind} id={id} variant="tab" />,
          },
          { id: 'history', label: 'History', panel: () => <HistoryPanel subject={subject} productId={productId} noun={noun} hideTitle /> },
        ]}
      />
    </div>
  );
}
