// Notes ("pages" in paths) over HTTP: a workspace's whole tree in one request (compact items, the
// service's large notes page), one note, and the writes — create, the autosave of name and body,
// the other field changes, moves (optimistic in the tree) and delete — through the registry's keys
// and `defineMutation`.
import type { QueryClient } from '@tanstack/react-query';
import { NOTE_TREE_MAX, noteEnvelope, noteInput, notePage, type Note, type NoteInput } from '../contract/notes';
import { apiGet } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import { cacheDetail, readQuery, recordEndpoints, seg } from './records';

/** A note as the tree needs it: its place and its name. */
export interface NoteNode {
  id: string;
  name: string | null;
  reference_num: string;
  parent_id: string | null;
  position: number;
}

/** The members the tree reads: a third of the default list item's bytes for 5,000 notes. */
const TREE_FIELDS = 'id,name,reference_num,parent_id,position';
/** A safety stop far beyond any real workspace (NOTE_TREE_MAX notes a page). */
const MAX_TREE_PAGES = 20;

/** Every note of a workspace, in the service's tree order (siblings by position). */
export async function fetchNoteTree(productId: string, signal?: AbortSignal): Promise<NoteNode[]> {
  const nodes: NoteNode[] = [];
  for (let page = 1; page <= MAX_TREE_PAGES; page++) {
    const answer = await apiGet(
      `/products/${seg(productId)}/pages`,
      notePage,
      { page, per_page: NOTE_TREE_MAX, fields: TREE_FIELDS },
      { signal },
    );
    for (const p of answer.pages) {
      nodes.push({
        id: p.id,
        name: p.name ?? null,
        reference_num: p.reference_num ?? '',
        parent_id: p.parent_id ?? null,
        position: p.position ?? 0,
      });
    }
    if (page >= answer.pagination.total_pages) break;
  }
  return nodes;
}

export const {
  fetchOne: fetchNote,
  create: createNote,
  update: updateNote,
  remove: deleteNote,
} = recordEndpoints({
  path: '/pages',
  key: 'page',
  envelope: noteEnvelope,
  input: { create: noteInput, update: noteInput },
  createPath: (productId) => `/products/${seg(productId)}/pages`,
});

export const noteQueries = {
  all: keys.notes.all,
  tree: (productId: string) => readQuery(keys.notes.tree(productId), (signal) => fetchNoteTree(productId, signal)),
  detail: (noteId: string) => readQuery(keys.notes.detail(noteId), (signal) => fetchNote(noteId, signal)),
};

/** A note is cached under its id and its key (`/w/1/notes/PLN-N-4`). */
const cacheNote = cacheDetail<Note>(noteQueries.detail, { byKey: true });

/** The note as the tree shows it, put in place of its node (a rename shows in the tree at once). */
function cacheInTree(queryClient: QueryClient, note: Note): void {
  queryClient.setQueryData<NoteNode[]>(keys.notes.tree(note.product_id), (nodes) =>
    nodes?.map((n) => (n.id === note.id ? { ...n, name: note.name } : n)),
  );
}

const cacheBoth = (queryClient: QueryClient, note: Note): void => {
  cacheNote(queryClient, note);
  cacheInTree(queryClient, note);
};

/** A new note in a workspace (top level, or under `parent_id`). */
export const useCreateNote = defineMutation('page', (productId: string) => ({
  mutationFn: (input: NoteInput) => createNote(productId, input),
  onSuccess: cacheNote,
}));

/**
 * The autosave of a note's name and body: the answer goes into the note's cache and its name into
 * the tree, so nothing is refetched after each pause in typing (`quiet`).
 */
export const useSaveNote = defineMutation('page', {
  mutationFn: ({ id, input }: { id: string; input: NoteInput }) => updateNote(id, input),
  onSuccess: cacheBoth,
  quiet: true,
});

/** A change of a note's status, tags or width: saved at once, shown from the answer. */
export const useUpdateNote = defineMutation('page', {
  mutationFn: ({ id, input }: { id: string; input: NoteInput }) => updateNote(id, input),
  onSuccess: cacheBoth,
  quiet: true,
});

/** Where a move puts a note: its new parent (null: the top level) and the sibling position it takes (null: last). */
export interface NoteMove {
  id: string;
  productId: string;
  parentId: string | null;
  position: number | null;
}

/**
 * A move (drag and drop, Alt+arrows): the tree changes at once (`apply`, the service's rule: the
 * note takes the position and the siblings from it on move one place down), is put back when the
 * service refuses, and is read again afterwards either way.
 */
export function moveNoteMutation(apply: (nodes: NoteNode[], move: NoteMove) => NoteNode[]) {
  return defineMutation('page', {
    mutationFn: (move: NoteMove) => updateNote(move.id, { parent_id: move.parentId, position: move.position }),
    onSuccess: cacheNote,
    optimistic: {
      apply: async (queryClient: QueryClient, move: NoteMove) => {
        const key = keys.notes.tree(move.productId);
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<NoteNode[]>(key);
        if (before) queryClient.setQueryData<NoteNode[]>(key, apply(before, move));
        return { key, before };
      },
      rollback: (queryClient: QueryClient, context: { key: readonly unknown[]; before: NoteNode[] | undefined }) => {
        queryClient.setQueryData(context.key, context.before);
      },
    },
  });
}

/** Deletes a note and every note below it (the service takes the subtree into the recycle bin). */
export const useDeleteNote = defineMutation('page', { mutationFn: deleteNote, deletes: true });
