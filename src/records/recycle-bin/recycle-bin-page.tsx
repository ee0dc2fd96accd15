// The recycle bin of a workspace: every deletion still restorable, newest first (the service's order),
// with what it was, what came with it, who deleted it, when, and how long it stays. Search, kind,
// who and scope live in the address. Restore opens the dry run first (restore-dialog.tsx), offered
// only where the service says the person may (`may_restore`: the right the delete needed); an
// administrator may also delete one for good, after a confirmation.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { usePurgeDeletion } from '../../api/deletions';
import { DELETION_TYPES, RESTORE_WINDOW_DAYS, type Deletion, type RestoreAnswer } from '../../contract/deletions';
import { Button } from '../../ui/button';
import { exactTime, relativeTime } from '../../ui/comment-thread-model';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../../ui/data-table';
import { serverOrdered } from '../../ui/data-table-model';
import {
  contentsSummary,
  deletionTypeLabel,
  recordInWords,
  restoredHref,
  restoredMessage,
  restoreProblem,
  timeLeft,
} from '../../ui/deletion-labels';
import { EmptyState, NoMatches } from '../../ui/empty-state';
import { FilterBar, FilterSelect, FilterText, FilterToggle } from '../../ui/filter-bar';
import { formatDate } from '../../ui/format';
import { ListHeader } from '../../ui/screen-header';
import { showToast } from '../../ui/toast';
import { useListParams } from '../../ui/use-list-params';
import { binListParams, binListQuery } from './bin-params';
import { RestoreDialog } from './restore-dialog';
import './recycle-bin.css';

const KIND_OPTIONS = DELETION_TYPES.map((type) => ({ value: type, label: deletionTypeLabel(type) }));

const muted = (text: string) => <span className="muted">{text}</span>;

/** After a row's dialog has done its work the row is gone: focus goes to the screen's heading, not to the page's end. */
function focusHeadingIfLost(): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.querySelector<HTMLElement>('#main h1')?.focus();
  });
}

function LeftCell({ deletion }: { deletion: Deletion }) {
  const left = timeLeft(deletion);
  return (
    <span
      className={left.soon ? 'bin-left bin-left--soon' : 'bin-left'}
      title={`Restorable until ${formatDate(deletion.restorable_until ?? null, 'the window closes')}`}
    >
      {left.soon ? (
        <span className="bin-left__mark" aria-hidden="true">
          !
        </span>
      ) : null}
      {left.text}
      {left.soon ? <span className="visually-hidden"> — restore soon or it is deleted for good</span> : null}
    </span>
  );
}

/** Who may restore a deletion the person may not (the service's `may_restore`): said instead of a button. */
const restoreNeeds = (d: Deletion): string => (d.record.type === 'Comment' ? 'Author only' : 'Administrators only');

/** The table's columns; `actionsWidth` fits the buttons the person has (purge is for administrators). */
function columns(actions: (d: Deletion) => ReactNode, actionsWidth: string): Column<Deletion>[] {
  return serverOrdered<Deletion>([
    {
      id: 'name',
      header: 'Record',
      sortValue: (d) => d.record.name,
      csvValue: (d) => [d.record.reference_num, d.record.name].filter(Boolean).join(' '),
      cell: (d) => (
        <>
          {d.record.reference_num ? <span className="cell-key">{d.record.reference_num}</span> : null}
          <span className="cell-title bin-name">{d.record.name || muted(deletionTypeLabel(d.record.type))}</span>
        </>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      width: '6.5rem',
      sortValue: (d) => deletionTypeLabel(d.record.type),
      cell: (d) => deletionTypeLabel(d.record.type),
    },
    {
      id: 'contents',
      header: 'Came with it',
      width: '9.5rem',
      sortValue: (d) => contentsSummary(d.contents),
      cell: (d) => contentsSummary(d.contents) || muted('—'),
    },
    {
      id: 'deleted_by',
      header: 'Deleted by',
      width: '8.5rem',
      sortValue: (d) => d.deleted_by?.name,
      cell: (d) => (d.deleted_by ? <span title={d.deleted_by.email}>{d.deleted_by.name}</span> : muted('Unknown')),
    },
    {
      id: 'deleted_at',
      header: 'Deleted',
      width: '8rem',
      sortValue: (d) => d.deleted_at,
      cell: (d) => (
        <>
          <time className="nowrap" dateTime={d.deleted_at} title={exactTime(d.deleted_at)}>
            {relativeTime(d.deleted_at)}
          </time>
          <span className="bin-sub muted">{formatDate(d.deleted_at)}</span>
        </>
      ),
    },
    {
      id: 'left',
      header: 'Days left',
      width: '7rem',
      sortValue: (d) => timeLeft(d).days,
      csvValue: (d) => timeLeft(d).days,
      cell: (d) => <LeftCell deletion={d} />,
    },
    { id: 'actions', header: 'Actions', hideHeader: true, width: actionsWidth, align: 'end', cell: actions },
  ]);
}

export function RecycleBinPage() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const list = useListParams(binListParams);
  const { q, kind, by, scope } = list.values;
  const deletions = useQuery(binListQuery(productId, list.search));
  const me = useQuery(accountQueries.me());
  const users = useQuery(accountQueries.users());
  const purge = usePurgeDeletion();
  const [restoring, setRestoring] = useState<Deletion | null>(null);
  const [purging, setPurging] = useState<Deletion | null>(null);
  const admin = me.data?.administrator === true;

  const userOptions = (users.data?.users ?? []).map((u) => ({ value: u.id, label: u.name || u.email }));

  function restored(answer: RestoreAnswer) {
    const deletion = restoring;
    setRestoring(null);
    const first = answer.restored[0];
    const href = first ? restoredHref(first, deletion?.record.product_id ?? productId) : null;
    showToast(restoredMessage(answer), {
      tone: answer.unrestored_links.length > 0 ? 'problem' : 'done',
      ...(href && first
        ? {
            action: {
              label: `Open ${first.reference_num ?? deletionTypeLabel(first.type).toLowerCase()}`,
              href,
              run: () => void navigate(href),
            },
          }
        : {}),
    });
    focusHeadingIfLost();
  }

  const rowActions = (d: Deletion) => {
    const what = [d.record.reference_num, d.record.name].filter(Boolean).join(' ') || deletionTypeLabel(d.record.type);
    return (
      <span className="bin-actions">
        {d.may_restore === false ? (
          <span
            className="muted bin-admin-only"
            title={
              d.record.type === 'Comment' ? 'Only its author or an administrator can restore it' : 'Only an administrator can restore it'
            }
          >
            {restoreNeeds(d)}
          </span>
        ) : (
          <Button size="sm" aria-label={`Restore ${what}`} onClick={() => setRestoring(d)}>
            Restore
          </Button>
        )}
        {admin ? (
          <Button
            size="sm"
            variant="ghost"
            className="bin-purge"
            aria-label={`Delete permanently ${what}`}
            onClick={() => {
              purge.reset();
              setPurging(d);
            }}
          >
            Delete permanently
          </Button>
        ) : null}
      </span>
    );
  };

  return (
    <div className="stack">
      <ListHeader
        productId={scope === 'all' ? null : productId}
        title="Recycle bin"
        meta={<span>Deleted records can be restored for {RESTORE_WINDOW_DAYS} days, then they are removed for good.</span>}
      />

      <FilterBar label="Filter the recycle bin" onClear={list.clear} filtered={list.filtered}>
        <FilterText label="Search" type="search" placeholder="Name contains…" value={q} onChange={(v) => list.set({ q: v })} wide />
        <FilterSelect label="Kind" anyLabel="Every kind" value={kind} onChange={(v) => list.set({ kind: v })} options={KIND_OPTIONS} />
        <FilterSelect label="Deleted by" anyLabel="Anyone" value={by} onChange={(v) => list.set({ by: v })} options={userOptions} />
        <FilterToggle label="All workspaces" checked={scope === 'all'} onChange={(on) => list.set({ scope: on ? 'all' : '' })} />
      </FilterBar>

      <DataTable
        framed
        serverSort
        label="Deleted records"
        noun="deleted records"
        columns={columns(rowActions, admin ? '15.5rem' : '9rem')}
        rows={deletions.data?.deletions}
        state={deletions}
        exportName="recycle-bin"
        rowHeight={58}
        paging={{
          pagination: deletions.data?.pagination,
          onPageChange: (p) => list.set({ page: p }),
          label: 'Recycle bin pages',
          disabled: deletions.isPlaceholderData,
        }}
        empty={
          q || kind || by ? (
            <NoMatches noun="deleted records" onClear={list.clear}>
              Try other values, or clear the filters to see everything in the bin.
            </NoMatches>
          ) : (
            <EmptyState title="Nothing in the recycle bin" kind="done">
              Deleted records stay here for {RESTORE_WINDOW_DAYS} days, so a delete can be undone.
            </EmptyState>
          )
        }
      />

      {restoring ? <RestoreDialog deletion={restoring} onClose={() => setRestoring(null)} onRestored={restored} /> : null}

      <ConfirmDialog
        open={purging !== null}
        title={purging ? `Delete ${recordInWords(purging.record)} permanently?` : 'Delete permanently?'}
        confirmLabel="Delete permanently"
        pending={purge.isPending}
        error={purge.isError ? restoreProblem(purge.error) : null}
        onCancel={() => setPurging(null)}
        onConfirm={() => {
          if (!purging) return;
          const gone = purging;
          purge.mutate(gone.id, {
            onSuccess: () => {
              setPurging(null);
              showToast(`Deleted ${recordInWords(gone.record)} permanently.`);
              focusHeadingIfLost();
            },
          });
        }}
      >
        <p>
          {purging && contentsSummary(purging.contents) ? `It and what came with it (${contentsSummary(purging.contents)})` : 'It'} will be
          removed for good. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
