// The release's phases and milestones: timeline, list, inline add/edit, and delete behind a
// confirmation. The workspace's ReleasePhase layout draws the form and says what each row shows of a
// phase: its dates, and the custom fields it puts on the page (those holding a value).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountQueries } from '../../api/account';
import { builtInLayout } from '../../api/layouts';
import { releaseQueries, useCreatePhase, useDeletePhase, useUpdatePhase } from '../../api/releases';
import type { User } from '../../contract/account';
import { customFieldKeyOf, type ScreenLayout } from '../../contract/layouts';
import type { Release, ReleasePhase } from '../../contract/releases';
import { Button } from '../../ui/button';
import { CommentsToggle } from '../../ui/comment-count';
import { CommentsPanel } from '../../ui/comments-panel';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { formatDate, formatDateRange } from '../../ui/format';
import { sourceLabel } from '../../ui/labels';
import { CustomFieldValue } from '../../ui/layout-details';
import { customFieldKind, customValueTexts, detailSections, onDetail } from '../../ui/layout-model';
import { Loading } from '../../ui/loading';
import { ProgressBar } from '../../ui/progress-bar';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';
import { PhaseForm, type PhaseFormProps } from './phase-form';
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
  // The form waits for the workspace's layout (the route warms it); the rows show the built-in one until then.
  const loaded = useWorkspaceLayout(release.product_id, 'ReleasePhase').layout;
  const layout = loaded ?? builtInLayout('ReleasePhase');
  // People custom fields name the account's users: read only when the layout has one.
  const users = useQuery({ ...accountQueries.users(), enabled: hasPeopleField(layout) }).data?.users;

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
                    <PhaseFormWhenRead
                      layout={loaded}
                      users={users}
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
                    layout={layout}
                    users={users}
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
            <PhaseFormWhenRead
              layout={loaded}
              users={users}
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

/** The phase form once the layout it is drawn from has been read. */
function PhaseFormWhenRead({ layout, ...props }: Omit<PhaseFormProps, 'layout'> & { layout: ScreenLayout | undefined }) {
  return layout ? <PhaseForm layout={layout} {...props} /> : <Loading label="Loading the form…" />;
}

/** Whether the layout holds a people custom field (on the form or the page). */
function hasPeopleField(layout: ScreenLayout): boolean {
  return layout.sections.some((s) => s.fields.some((f) => f.custom_field_definition?.type === 'users'));
}

/** The custom fields the layout puts on the page that hold a value for this phase, as "Label: value". */
function PhaseCustomValues({ phase, layout, users }: { phase: ReleasePhase; layout: ScreenLayout; users: readonly User[] | undefined }) {
  const shown = detailSections(layout)
    .flatMap((s) => s.fields)
    .flatMap((f) => {
      const key = customFieldKeyOf(f.field);
      const definition = f.custom_field_definition;
      if (key === null || !definition) return [];
      const kind = customFieldKind(definition.type);
      const value = phase.custom_fields?.find((v) => v.key === key)?.value ?? null;
      return customValueTexts(kind, value).length > 0 ? [{ key, label: f.label || definition.name, kind, value }] : [];
    });
  return (
    <>
      {shown.map((cf) => (
        <span key={cf.key}>
          {cf.label}: <CustomFieldValue kind={cf.kind} value={cf.value} users={users} />
        </span>
      ))}
    </>
  );
}

function byDateThenPosition(a: ReleasePhase, b: ReleasePhase): number {
  const da = a.start_on ?? a.end_on ?? '9999';
  const db = b.start_on ?? b.end_on ?? '9999';
  return da === db ? a.position - b.position : da < db ? -1 : 1;
}

interface PhaseItemProps {
  phase: ReleasePhase;
  layout: ScreenLayout;
  users: readonly User[] | undefined;
  onEdit: () => void;
  onDelete: () => void;
  commentsOpen: boolean;
  onToggleComments: () => void;
}

function PhaseItem({ phase, layout, users, onEdit, onDelete, commentsOpen, onToggleComments }: PhaseItemProps) {
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
            {onDetail(layout, 'dates') ? (
              <span>
                {milestone ? formatDate(phase.start_on ?? phase.end_on, 'No date') : formatDateRange(phase.start_on, phase.end_on)}
              </span>
            ) : null}
            {milestone ? null : (
              <span className="row">
                <ProgressBar value={phase.progress} label={`Progress of ${phase.name}`} size="sm" />
                <span className="muted">{sourceLabel(phase.progress_source)}</span>
              </span>
            )}
            <span>
              {phase.features_count} {phase.features_count === 1 ? 'feature' : 'features'}
            </span>
            <PhaseCustomValues phase={phase} layout={layout} users={users} />
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
