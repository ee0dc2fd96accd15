// The release's phases and milestones: timeline, list, inline add/edit, and delete behind a
// confirmation.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { releaseQueries, useCreatePhase, useDeletePhase, useUpdatePhase } from '../../api/releases';
import type { Release, ReleasePhase } from '../../contract/releases';
import { Button } from '../../ui/button';
import { CommentsToggle } from '../../ui/comment-count';
import { CommentsPanel } from '../../ui/comments-panel';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { formatDate, formatDateRange } from '../../ui/format';
import { sourceLabel } from '../../ui/labels';
import { Loading } from '../../ui/loading';
import { ProgressBar } from '../../ui/progress-bar';
import { PhaseForm } from './phase-form';
import { PhaseTimeline } from './phase-timeline';

export function PhaseSection({ release }: { release: Release }) {
  const phases = useQuery(releaseQueries.phases(release.id));
  const createPhase = useCreatePhase(release.id);
  const updatePhase = useUpdatePhase(release.id);
  const deletePhase = useDeletePhase(release.id);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ReleasePhase | null>(null);
  // The phase whose thread is open under its row.
  const [threadId, setThreadId] = useState<string | null>(null);

  const list = phases.data ? [...phases.data].sort(byDateThenPosition) : [];

  return (
    <section className="card" aria-labelledby="phases-heading">
      <div className="card__header">
        <h2 id="phases-heading">Phases and milestones</h2>
        {adding ? null : (
          <Button
            size="sm"
            onClick={() => {
              setEditingId(null);
              setAdding(true);
            }}
          >
            Add phase or milestone
          </Button>
        )}
      </div>

      {phases.isPending ? (
        <Loading label="Loading phases…" />
      ) : phases.isError ? (
        <ErrorState error={phases.error} onRetry={() => void phases.refetch()} retrying={phases.isFetching} />
      ) : (
        <div className="stack">
          {list.length > 0 ? <PhaseTimeline release={release} phases={list} /> : null}
          {list.length === 0 && !adding ? (
            <EmptyState title="Plan this release in steps">
              Add phases (a span of days, like Design or Beta) and milestones (one day, like Code freeze).
            </EmptyState>
          ) : (
            <ul className="phase-list" aria-label="Phases and milestones">
              {list.map((phase) =>
                editingId === phase.id ? (
                  <li key={phase.id}>
                    <PhaseForm
                      phase={phase}
                      onCancel={() => setEditingId(null)}
                      onSubmit={async (input) => {
                        await updatePhase.mutateAsync({ id: phase.id, input });
                        setEditingId(null);
                      }}
                    />
                  </li>
                ) : (
                  <PhaseItem
                    key={phase.id}
                    phase={phase}
                    commentsOpen={threadId === phase.id}
                    onToggleComments={() => setThreadId(threadId === phase.id ? null : phase.id)}
                    onEdit={() => {
                      setAdding(false);
                      setEditingId(phase.id);
                    }}
                    onDelete={() => {
                      deletePhase.reset();
                      setDeleting(phase);
                    }}
                  />
                ),
              )}
            </ul>
          )}
          {adding ? (
            <PhaseForm
              onCancel={() => setAdding(false)}
              onSubmit={async (input) => {
                await createPhase.mutateAsync(input);
                setAdding(false);
              }}
            />
          ) : null}
        </div>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.type === 'milestone' ? 'milestone' : 'phase'} “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete"
        pending={deletePhase.isPending}
        error={deletePhase.isError ? errorMessage(deletePhase.error) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deletePhase.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      >
        Features in it stay in the release. This cannot be undone here.
      </ConfirmDialog>
    </section>
  );
}

function byDateThenPosition(a: ReleasePhase, b: ReleasePhase): number {
  const da = a.start_on ?? a.end_on ?? '9999';
  const db = b.start_on ?? b.end_on ?? '9999';
  return da === db ? a.position - b.position : da < db ? -1 : 1;
}

interface PhaseItemProps {
  phase: ReleasePhase;
  onEdit: () => void;
  onDelete: () => void;
  commentsOpen: boolean;
  onToggleComments: () => void;
}

function PhaseItem({ phase, onEdit, onDelete, commentsOpen, onToggleComments }: PhaseItemProps) {
  const milestone = phase.type === 'milestone';
  const threadId = `phase-comments-${phase.id}`;
  return (
    <li className={`phase-list__entry${commentsOpen ? ' phase-list__entry--open' : ''}`}>
      <div className="phase-list__item">
        <span className={`phase-icon${milestone ? ' phase-icon--milestone' : ''}`} aria-hidden="true" />
        <div className="phase-list__main">
          <span className="phase-list__name">{phase.name}</span>
          <span className="phase-list__meta">
            <span>{milestone ? 'Milestone' : 'Phase'}</span>
            <span>{milestone ? formatDate(phase.start_on ?? phase.end_on, 'No date') : formatDateRange(phase.start_on, phase.end_on)}</span>
            {milestone ? null : (
              <span className="row">
                <ProgressBar value={phase.progress} label={`Progress of ${phase.name}`} size="sm" />
                <span className="muted">{sourceLabel(phase.progress_source)}</span>
              </span>
            )}
            <span>
              {phase.features_count} {phase.features_count === 1 ? 'feature' : 'features'}
            </span>
          </span>
        </div>
        <div className="phase-list__actions">
          <CommentsToggle
            count={phase.comments_count}
            name={phase.name}
            expanded={commentsOpen}
            controls={threadId}
            onToggle={onToggleComments}
          />
          <Button size="sm" variant="ghost" onClick={onEdit}>
            Edit<span className="visually-hidden"> {phase.name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete}>
            Delete<span className="visually-hidden"> {phase.name}</span>
          </Button>
        </div>
      </div>
      {commentsOpen ? (
        <CommentsPanel
          panelId={threadId}
          kind="release_phases"
          id={phase.id}
          title={`Comments on ${phase.name}`}
          level={3}
          variant="inset"
        />
      ) : null}
    </li>
  );
}
