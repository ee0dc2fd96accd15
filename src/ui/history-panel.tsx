// A record's history as a timeline: who changed what, newest first, grouped by day — its own rows
// and those of the records it holds (a feature's requirements, a release's phases, comments on it),
// a page at a time with "Load more". Field names and values are set apart;
// rich text is summarised ("edited the description") with its before and after behind a button,
// drawn only through HtmlView. Every write refreshes it (the `audit` edges in src/api/keys.ts), so a
// change made a moment ago is here when the tab is opened.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Fragment, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { accountQueries } from '../api/account';
import { auditQueries, type AuditSubject } from '../api/audits';
import { Button } from './button';
import { exactTime, initials } from './comment-thread-model';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import {
  changeParts,
  clockTime,
  entryParts,
  groupByDay,
  listsChanges,
  toEntry,
  type HistoryChange,
  type HistoryEntry,
  type PhrasePart,
} from './history-model';
import { HtmlView } from './html-view';
import { paths } from './paths';
import { useCachedNames } from './use-cached-names';
import './history-panel.css';

export interface HistoryPanelProps {
  subject: AuditSubject;
  /** The record's workspace: its statuses, kinds and teams name the ids a change carries. */
  productId?: string | undefined;
  /** The record's noun ("feature"): "created this feature". */
  noun: string;
  title?: string;
  level?: 2 | 3;
  /** The heading is read by assistive tech only (a tab already names the panel). */
  hideTitle?: boolean;
}

export function HistoryPanel({ subject, productId, noun, title = 'History', level = 2, hideTitle = false }: HistoryPanelProps) {
  const headingId = useId();
  const history = useInfiniteQuery(auditQueries.history(subject));
  const me = useQuery(accountQueries.me());
  const names = useCachedNames(productId ? [productId] : []);
  const [showMinor, setShowMinor] = useState(false);

  const rows = useMemo(() => {
    // A row that moved to a later page while paging (newer rows arrived) is shown once.
    const seen = new Set<string>();
    return (history.data?.pages.flatMap((p) => p.audits) ?? []).filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
  }, [history.data]);
  const entries = useMemo(() => rows.map((row) => toEntry(row, subject, names)), [rows, subject, names]);
  const minorCount = entries.filter((e) => e.minor).length;
  const days = useMemo(() => groupByDay(showMinor ? entries : entries.filter((e) => !e.minor)), [entries, showMinor]);

  const Heading = level === 2 ? 'h2' : 'h3';
  const DayHeading = level === 2 ? 'h3' : 'h4';

  return (
    <section className="history" aria-labelledby={headingId} aria-busy={history.isFetching || undefined}>
      <header className={`history__header${hideTitle ? ' history__header--bare' : ''}`}>
        <Heading id={headingId} className={hideTitle ? 'visually-hidden' : 'history__title'}>
          {title}
        </Heading>
        {minorCount > 0 ? (
          <label className="history__minor">
            <input type="checkbox" checked={showMinor} onChange={(e) => setShowMinor(e.target.checked)} />
            Show minor changes ({minorCount})
          </label>
        ) : null}
      </header>

      {history.isPending ? (
        <HistorySkeleton />
      ) : history.isError ? (
        <ErrorState
          error={history.error}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
          title="The history could not be loaded"
        />
      ) : days.length === 0 && !history.hasNextPage ? (
        <EmptyState compact kind="done" title="No changes in the last 12 months">
          Changes to this {noun} and to what it holds show here as they are made.
        </EmptyState>
      ) : (
        <ol className="history__days">
          {days.map((day) => (
            <li key={day.day} className="history__day">
              <DayHeading className="history__day-title">{day.label}</DayHeading>
              <ol className="history__entries">
                {day.entries.map((entry) => (
                  <HistoryItem key={entry.id} entry={entry} noun={noun} />
                ))}
              </ol>
            </li>
          ))}
        </ol>
      )}

      {history.hasNextPage ? (
        <div className="history__more">
          <Button size="sm" onClick={() => void history.fetchNextPage()} pending={history.isFetchingNextPage} pendingLabel="Loading…">
            Load more
          </Button>
        </div>
      ) : null}

      <p className="history__note">
        The history covers the last 12 months.
        {me.data?.administrator ? (
          <>
            {' '}
            <Link to={paths.auditSearch(subject)}>Search older changes</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

function HistorySkeleton() {
  return (
    <div className="history__skeleton" role="status" aria-label="Loading history">
      {[0, 1, 2].map((i) => (
        <div key={i} className="history__skeleton-row" aria-hidden="true">
          <span className="history__skeleton-avatar" />
          <span className="skeleton-lines history__skeleton-lines">
            <span />
            <span />
          </span>
        </div>
      ))}
    </div>
  );
}

function Phrase({ parts }: { parts: readonly PhrasePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : 'field' in part ? (
          <span key={i} className="history__field">
            {part.field}
          </span>
        ) : 'value' in part ? (
          <span key={i} className={`history__value history__value--${part.side}`}>
            {part.value}
          </span>
        ) : (
          <span key={i} className="history__record">
            {part.record}
          </span>
        ),
      )}
    </>
  );
}

function HistoryItem({ entry, noun }: { entry: HistoryEntry; noun: string }) {
  const who = entry.who ?? 'Planner';
  const single = entry.action === 'updated' && entry.changes.length === 1 ? entry.changes[0] : undefined;
  return (
    <li className={`history__entry${entry.minor ? ' history__entry--minor' : ''}`} data-audit-id={entry.id}>
      <span className={`history__avatar${entry.who ? '' : ' history__avatar--service'}`} aria-hidden="true">
        {entry.who ? initials(entry.who) : '⚙'}
      </span>
      <div className="history__main">
        <p className="history__line">
          <span className="history__text">
            <span className="history__who">{who}</span> <Phrase parts={entryParts(entry, noun)} />
          </span>
          <time className="history__time" dateTime={entry.at} title={exactTime(entry.at)}>
            {clockTime(entry.at)}
          </time>
        </p>
        {single?.kind === 'rich' ? <RichChange change={single} /> : null}
        {listsChanges(entry) ? (
          <ul className="history__changes">
            {entry.changes.map((change, i) => (
              <li key={i}>
                <Phrase parts={changeParts(change)} />
                {change.kind === 'rich' ? <RichChange change={change} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {entry.commentHtml ? <HtmlView html={entry.commentHtml} className="history__comment" emptyText="" /> : null}
      </div>
    </li>
  );
}

/** A rich-text field's before and after, behind a button (most readers only need "edited the description"). */
function RichChange({ change }: { change: HistoryChange }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="history__rich">
      <button type="button" className="history__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide the text' : 'Show before and after'}
      </button>
      <div id={id} className="history__diff" hidden={!open}>
        {open ? (
          <>
            <div className="history__diff-side">
              <p className="history__diff-label">Before</p>
              <HtmlView html={change.html?.from ?? null} emptyText="Empty" className="history__diff-body" />
            </div>
            <div className="history__diff-side">
              <p className="history__diff-label">After</p>
              <HtmlView html={change.html?.to ?? null} emptyText="Empty" className="history__diff-body" />
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
