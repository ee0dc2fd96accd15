// The epics table of both lists (a workspace's and the account's): a fixed-row, virtualised table so
// a page of 200 wide rows scrolls as smoothly as a page of 20. The account list adds a Workspace
// column; the workspace list shows the initiative instead.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { EpicListItem } from '../../contract/epics';
import { formatDate } from '../../ui/format';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';

const rangeFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const utc = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** "Aug 23 – Dec 6, 2026": the year once when both ends share it, so the range fits its column. */
export function epicDateRange(start: string | null | undefined, due: string | null | undefined): string {
  if (!start && !due) return '—';
  if (start && due && !Number.isNaN(utc(start).getTime()) && !Number.isNaN(utc(due).getTime()) && start <= due) {
    return rangeFormat.formatRange(utc(start), utc(due));
  }
  return `${formatDate(start, '…')} – ${formatDate(due, '…')}`;
}

/** Fixed row height: the virtualiser places rows without measuring them. */
const ROW_HEIGHT = 58;

export interface EpicTableProps {
  rows: EpicListItem[];
  /** Scrolls back to the top when it changes. */
  page: number;
  /** Account list: a Workspace column (name and prefix of each epic's product) instead of Initiative. */
  workspaceOf?: (productId: string | undefined) => { name: string; prefix: string } | null;
  /** Accessible name of the table and of its scrolling region. */
  label: string;
}

export function EpicTable({ rows, page, workspaceOf, label }: EpicTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions each render; this component is not memoised, so nothing stale is kept.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // First paint (and jsdom) before the container is measured still shows a screenful of rows.
    initialRect: { width: 1200, height: 640 },
  });

  // A new page starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [page]);

  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = 8;

  return (
    <div ref={scrollRef} className="epic-table__scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="table epic-table" aria-label={label} aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {workspaceOf ? (
              <th scope="col" className="epic-table__workspace">
                Workspace
              </th>
            ) : null}
            <th scope="col" className="epic-table__name">
              Epic
            </th>
            <th scope="col" className="epic-table__status">
              Status
            </th>
            <th scope="col" className="epic-table__release">
              Release
            </th>
            {workspaceOf ? null : (
              <th scope="col" className="epic-table__initiative">
                Initiative
              </th>
            )}
            <th scope="col" className="epic-table__assignee">
              Assignee
            </th>
            <th scope="col" className="epic-table__progress">
              Progress
            </th>
            <th scope="col" className="epic-table__features">
              Features
            </th>
            <th scope="col" className="epic-table__dates">
              Dates
            </th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? (
            <tr aria-hidden="true" className="epic-table__spacer">
              <td colSpan={columns} style={{ height: padTop }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const e = rows[item.index];
            if (!e) return null;
            return <EpicRow key={e.id} epic={e} rowIndex={item.index + 2} workspaceOf={workspaceOf} />;
          })}
          {padBottom > 0 ? (
            <tr aria-hidden="true" className="epic-table__spacer">
              <td colSpan={columns} style={{ height: padBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

const none = <span className="muted">—</span>;

function EpicRow({
  epic: e,
  rowIndex,
  workspaceOf,
}: {
  epic: EpicListItem;
  rowIndex: number;
  workspaceOf: EpicTableProps['workspaceOf'];
}) {
  const ref = e.reference_num ?? e.id;
  const name = e.name ?? `Epic ${e.id}`;
  const workspace = workspaceOf?.(e.product_id);
  const total = e.features_count;
  const done = e.features_completed_count ?? 0;
  return (
    <tr aria-rowindex={rowIndex} className="epic-table__row">
      {workspaceOf ? (
        <td className="epic-table__clip" title={workspace ? `${workspace.name} (${workspace.prefix})` : undefined}>
          {workspace ? (
            <>
              <span className="mono epic-table__prefix">{workspace.prefix}</span> {workspace.name}
            </>
          ) : (
            none
          )}
        </td>
      ) : null}
      {/* The key sits above the name so the release, initiative and dates get the width. */}
      <td className="epic-table__name">
        <span className="mono epic-table__key">{e.reference_num ?? '—'}</span>
        <Link to={paths.epic(ref)} title={name}>
          {name}
        </Link>
      </td>
      <td>
        <StatusPill status={e.workflow_status ?? null} />
      </td>
      <td className="epic-table__wrap" title={e.release?.name}>
        {e.release ? <Link to={paths.release(e.release.id)}>{e.release.name}</Link> : none}
      </td>
      {workspaceOf ? null : (
        <td className="epic-table__wrap" title={e.initiative?.name}>
          {e.initiative ? <Link to={paths.initiative(e.initiative.reference_num)}>{e.initiative.name}</Link> : none}
        </td>
      )}
      <td className="epic-table__clip" title={e.assigned_to_user?.email}>
        {e.assigned_to_user?.name ?? <span className="muted">Unassigned</span>}
      </td>
      <td>
        <ProgressBar value={e.progress ?? null} size="sm" label={`Progress of ${name}`} />
      </td>
      <td className="nowrap" title={total === undefined ? undefined : `${done} of ${total} features complete`}>
        {total === undefined ? none : total === 0 ? <span className="muted">None</span> : `${done} / ${total}`}
      </td>
      <td className="epic-table__wrap" title={epicDateRange(e.start_date, e.due_date)}>
        <span>{epicDateRange(e.start_date, e.due_date)}</span>
      </td>
    </tr>
  );
}
