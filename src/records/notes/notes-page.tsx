// A workspace's notes: the tree on the left (new note, new note under another, moves by drag and
// drop or Alt+arrows, announced politely; a refused move is put back with its reason), the note on
// the right (its place in the tree, status, width, the name and body with autosave, new child note,
// delete with its subtree). `/w/:productId/notes` opens the first note, or offers to write one. The
// workspace's Page layout decides how a note is made — in one click, or through a small dialog when
// it requires more than a name or has custom fields on the form — and which of its fields (tags,
// custom fields) the note shows beside its status.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import { builtInLayout, layoutOf, layoutQueries } from '../../api/layouts';
import { moveNoteMutation, noteQueries, useCreateNote, useDeleteNote, useUpdateNote, type NoteNode } from '../../api/notes';
import type { ScreenLayout } from '../../contract/layouts';
import type { Note, NoteInput } from '../../contract/notes';
import { Button } from '../../ui/button';
import { RecordActivity } from '../../ui/record-activity';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { onDetail } from '../../ui/layout-model';
import { Loading } from '../../ui/loading';
import { PageHeader, screenTitle, useWorkspaceName } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { showToast } from '../../ui/toast';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';
import { NoteCreateDialog } from './note-create-dialog';
import { asksBeforeCreating, noteCreateLayout } from './note-create-model';
import { NoteEditor } from './note-editor';
import { NoteProperties } from './note-properties';
import { ancestorsOf, applyMove, buildTree, descendantCount, type NoteTree as Tree } from './note-tree-model';
import { NoteTree, noteLabel } from './note-tree';
import './notes.css';

const useMoveNote = moveNoteMutation(applyMove);

export function NotesPage() {
  const { productId = '', noteKey } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const treeQuery = useQuery(noteQueries.tree(productId));
  const noteQuery = useQuery({ ...noteQueries.detail(noteKey ?? ''), enabled: noteKey !== undefined });
  const create = useCreateNote(productId);
  const moveNote = useMoveNote();
  const queryClient = useQueryClient();
  const { layout } = useWorkspaceLayout(productId, 'Page');
  const createModel = useMemo(() => (layout ? noteCreateLayout(layout) : undefined), [layout]);
  // Asking first: the dialog is open for a note at the top level or under the note named here.
  const [asking, setAsking] = useState<{ open: boolean; parent: { id: string; label: string } | null }>({ open: false, parent: null });
  const peopleAsked = createModel?.customFields.some((cf) => cf.kind === 'users') ?? false;
  const users = useQuery({ ...accountQueries.users(), enabled: peopleAsked });
  const [announcement, setAnnouncement] = useState('');
  const [moveError, setMoveError] = useState<string | null>(null);

  const nodes = treeQuery.data;
  const tree = useMemo(() => buildTree(nodes ?? []), [nodes]);
  const note = noteQuery.data;
  const currentId = note?.id ?? null;

  const openNote = (made: Note) => void navigate(paths.note(productId, made.reference_num), { state: { focusName: true } });

  const createNote = async (parentId: string | null) => {
    // The layout decides; a click before it has arrived waits for it (the route started reading it).
    const model =
      createModel ??
      noteCreateLayout(
        await queryClient
          .fetchQuery(layoutQueries.workspace(productId))
          .then((layouts): ScreenLayout => layoutOf(layouts, 'Page'))
          .catch(() => builtInLayout('Page')),
      );
    if (asksBeforeCreating(model)) {
      const parentNode = parentId === null ? undefined : tree.byId.get(parentId);
      setAsking({ open: true, parent: parentNode ? { id: parentNode.id, label: noteLabel(parentNode) } : null });
      return;
    }
    create.mutate(parentId === null ? {} : { parent_id: parentId }, {
      onSuccess: openNote,
      onError: (error) => showToast(`The note could not be created: ${errorMessage(error)}`),
    });
  };

  const onMove = (move: { id: string; parentId: string | null; position: number | null }, label: string) => {
    setMoveError(null);
    const where = move.parentId === null ? 'the top level' : `“${noteLabel(tree.byId.get(move.parentId) ?? { name: null })}”`;
    moveNote.mutate(
      { ...move, productId },
      {
        onSuccess: () => setAnnouncement(`Moved “${label}” in ${where}.`),
        onError: (error) => {
          const reason = errorMessage(error);
          setMoveError(`“${label}” could not be moved: ${reason}`);
          setAnnouncement(`“${label}” could not be moved.`);
        },
      },
    );
  };

  const focusName = (location.state as { focusName?: boolean } | null)?.focusName === true;
  const first = tree.children.get(null)?.[0];
  const workspace = useWorkspaceName(productId);

  let main;
  if (noteKey === undefined) {
    if (treeQuery.isPending) main = <Loading label="Loading notes…" />;
    else if (treeQuery.isError) main = <ErrorState error={treeQuery.error} onRetry={() => void treeQuery.refetch()} />;
    else if (first) main = <Navigate replace to={paths.note(productId, first.reference_num)} />;
    else
      main = (
        <EmptyState
          title="No notes yet"
          action={
            <Button variant="primary" pending={create.isPending} onClick={() => void createNote(null)}>
              Create the first note
            </Button>
          }
        >
          Notes hold plans, research and meeting notes, in a tree you arrange.
        </EmptyState>
      );
  } else if (noteQuery.isPending) main = <Loading label="Loading the note…" />;
  else if (noteQuery.isError)
    main = (
      <ErrorState
        error={noteQuery.error}
        onRetry={() => void noteQuery.refetch()}
        action={<Link to={paths.notes(productId)}>Back to the notes</Link>}
      />
    );
  else
    main = (
      <NoteView
        key={noteQuery.data.id}
        note={noteQuery.data}
        layout={pageLayoutOrBuiltIn(layout)}
        tree={tree}
        focusName={focusName}
        creating={create.isPending}
        onCreateChild={() => void createNote(noteQuery.data.id)}
      />
    );

  return (
    <div className="notes-screen" data-keeps-focus>
      <title>{note ? screenTitle(noteLabel(note)) : screenTitle('Notes', workspace)}</title>
      {/* Before the note in the tree: closing gives the focus back first, then the new note takes it. */}
      {createModel ? (
        <NoteCreateDialog
          open={asking.open}
          model={createModel}
          parent={asking.parent}
          users={users.data?.users}
          pending={create.isPending}
          onCancel={() => setAsking((a) => ({ ...a, open: false }))}
          onCreate={async (input) => {
            const made = await create.mutateAsync(input);
            setAsking((a) => ({ ...a, open: false }));
            openNote(made);
          }}
        />
      ) : null}
      <PageHeader
        workspace={productId}
        title="Notes"
        actions={
          <Button variant="primary" pending={create.isPending} pendingLabel="Creating…" onClick={() => void createNote(null)}>
            New note
          </Button>
        }
      />
      <div className="notes-layout">
        <nav className="notes-side" aria-label="Note tree">
          <div className="notes-side__head">
            <span className="notes-side__title">Pages</span>
            {nodes ? <span className="muted">{nodes.length.toLocaleString()}</span> : null}
          </div>
          {treeQuery.isPending ? (
            <Loading variant="skeleton" rows={6} label="Loading the tree…" />
          ) : treeQuery.isError ? (
            <ErrorState error={treeQuery.error} onRetry={() => void treeQuery.refetch()} />
          ) : nodes && nodes.length > 0 ? (
            <NoteTree
              productId={productId}
              nodes={nodes}
              currentId={currentId}
              onMove={onMove}
              onCreateChild={(parentId) => void createNote(parentId)}
              creating={create.isPending}
            />
          ) : (
            <p className="notes-side__empty muted">No notes yet.</p>
          )}
          {moveError ? (
            <p className="notes-side__error" role="alert">
              {moveError}
            </p>
          ) : null}
          <p className="notes-side__help" id="note-tree-help">
            <kbd>↑</kbd>
            <kbd>↓</kbd> move, <kbd>→</kbd>
            <kbd>←</kbd> open or close. Move a note: <kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd> up or down, <kbd>Alt</kbd>+<kbd>→</kbd> under
            the note above, <kbd>Alt</kbd>+<kbd>←</kbd> out of its parent — or drag it.
          </p>
        </nav>
        <section className="notes-main" aria-label="Note">
          {main}
        </section>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** The note page's layout: the workspace's, or the built-in one until it has arrived. */
const pageLayoutOrBuiltIn = (layout: ScreenLayout | undefined): ScreenLayout => layout ?? builtInLayout('Page');

function NoteView({
  note,
  layout,
  tree,
  focusName,
  creating,
  onCreateChild,
}: {
  note: Note;
  layout: ScreenLayout;
  tree: Tree;
  focusName: boolean;
  creating: boolean;
  onCreateChild: () => void;
}) {
  const productId = note.product_id;
  const navigate = useNavigate();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const workflows = useQuery(accountQueries.workflows(productId));
  const statuses = statusesFor(workflows.data, 'Page');
  const [confirming, setConfirming] = useState(false);
  const [tags, setTags] = useState(note.tags.join(', '));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const trail = ancestorsOf(tree, note.id)
    .reverse()
    .flatMap((id) => tree.byId.get(id) ?? []);
  const below = descendantCount(tree, note.id);
  const wide = note.editor_width === 'FULL';

  const change = (input: NoteInput) => {
    setFieldError(null);
    update.mutate({ id: note.id, input }, { onError: (error) => setFieldError(errorMessage(error)) });
  };

  const parent: NoteNode | undefined = trail.at(-1);
  return (
    <article className="note-view">
      <div className="note-view__top">
        <nav aria-label="Note path" className="note-view__path">
          <ol>
            {trail.map((n) => (
              <li key={n.id}>
                <Link to={paths.note(productId, n.reference_num)}>{noteLabel(n)}</Link>
              </li>
            ))}
            <li aria-current="page" className="mono">
              {note.reference_num}
            </li>
          </ol>
        </nav>
        <div className="note-view__actions">
          <Button size="sm" pending={creating} onClick={onCreateChild}>
            New child note
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </div>
      <div className="note-view__fields">
        <label className="note-field">
          <span>Status</span>
          <select
            value={note.workflow_status?.name ?? ''}
            disabled={statuses.length === 0}
            onChange={(e) => change({ workflow_status: { name: e.target.value } })}
          >
            {note.workflow_status === null ? <option value="">No status</option> : null}
            {statuses.map((s) => (
              <option key={s.id} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {/* Tags show, and are edited, where the layout has them on the page. */}
        {onDetail(layout, 'tags') ? (
          <label className="note-field note-field--tags">
            <span>Tags</span>
            <input
              value={tags}
              placeholder="research, launch"
              onChange={(e) => setTags(e.target.value)}
              onBlur={() => {
                if (tags.trim() !== note.tags.join(', ')) change({ tags });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.blur();
              }}
            />
          </label>
        ) : null}
        <div className="note-field" role="group" aria-label="Width">
          <span aria-hidden="true">Width</span>
          <div className="note-width">
            <button type="button" aria-pressed={!wide} onClick={() => !wide || change({ editor_width: 'NARROW' })}>
              Narrow
            </button>
            <button type="button" aria-pressed={wide} onClick={() => wide || change({ editor_width: 'FULL' })}>
              Full width
            </button>
          </div>
        </div>
        <NoteProperties layout={layout} note={note} />
      </div>
      {fieldError ? (
        <p className="note-view__error" role="alert">
          Not saved — {fieldError}
        </p>
      ) : null}
      <NoteEditor note={note} focusName={focusName} wide={wide} />
      <RecordActivity kind="pages" id={note.id} productId={note.product_id} commentCount={note.comments_count} variant="plain" />
      <ConfirmDialog
        open={confirming}
        title={`Delete “${noteLabel(note)}”?`}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(note.id, {
            onSuccess: () => {
              setConfirming(false);
              showToast(`Deleted “${noteLabel(note)}”${below > 0 ? ` and ${below} note${below === 1 ? '' : 's'} below it` : ''}.`);
              void navigate(parent ? paths.note(productId, parent.reference_num) : paths.notes(productId), { replace: true });
            },
          })
        }
      >
        <p>
          {below > 0 ? `The ${below} note${below === 1 ? '' : 's'} below it go${below === 1 ? 'es' : ''} with it. ` : ''}
          It can be restored from the recycle bin for 30 days.
        </p>
      </ConfirmDialog>
    </article>
  );
}
