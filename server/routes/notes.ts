// Note operations ("pages" in paths): a product's notes (the whole tree in one request), create in a
// product, show, update (operation 13: also moves and reorders) and delete (the subtree with it),
// also under the note's product. Rows of the route table.
import type { z } from 'zod';
import { showQuerySchema } from '../../src/contract/common';
import { NOTE_TREE_MAX, noteCreateBody, noteEnvelope, noteListQuery, notePage, noteUpdateBody } from '../../src/contract/notes';
import { compactOrWhole, listKind, listRow, pageAnswer } from '../http/list-rows';
import { inProduct } from '../http/product-rows';
import { answerById, changeById, createRow, createUnder, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
import {
  NOTE_COMPACT_FIELDS,
  createNote,
  deleteNote,
  listNotes,
  loadNote,
  noteCompact,
  requireNote,
  serializeNotes,
  updateNote,
} from '../store/notes';
import { requireProduct } from '../store/resolve';

const tags = ['Notes'];

const note = recordKind({
  path: '/pages/{id}',
  tags,
  envelope: noteEnvelope,
  resolve: requireNote,
  answer: answerById(loadNote),
});

/** A product's notes in tree order: the hosted item and `position` by default, any members with `fields`. */
const noteList = listKind({
  tags,
  query: noteListQuery,
  response: notePage,
  answer: pageAnswer(
    'pages',
    (db, productId: number, p, query: z.output<typeof noteListQuery>) =>
      listNotes(db, { productId, q: query.q, updatedSince: query.updated_since }, p),
    compactOrWhole(NOTE_COMPACT_FIELDS, noteCompact, serializeNotes),
    NOTE_TREE_MAX,
  ),
});

const MOVES =
  '`parent_id` (a note of the same product; null: the top level) and `position` move a note: the position a sibling ' +
  'already holds puts the note right before that sibling (it and the ones after it move one place down), `null` ' +
  'puts it last, and a note moved to another parent without a position goes last there. A parent that is the note ' +
  'itself or one of its descendants is refused (422 naming `parent_id`).';

export const noteRoutes = [
  listRow(noteList, {
    path: '/products/{product_id}/pages',
    summary: "List a product's notes (the whole tree in one request)",
    description:
      `In tree order: the top-level notes first, then each parent's children together, siblings by \`position\`. Items are the ` +
      `hosted list item and \`position\` (\`id, name, title, parent_id, reference_num, position, created_at, url, resource\`), ` +
      `so the tree is built from one page: \`per_page\` goes up to ${NOTE_TREE_MAX} here (other lists stop at 200). ` +
      '`fields` picks other members, as in every list.',
    parent: requireProduct,
    scope: (product) => product.id,
  }),
  createRow(note, {
    path: '/products/{product_id}/pages',
    summary: 'Create a note in a product',
    description:
      'Nothing is required: a note without a name is "Untitled". `description_attributes` is `{"body": "<html>"}` (or the ' +
      'HTML alone); `workflow_status` is a status of the product’s Note workflow (its first by default); ' +
      '`editor_width` is NARROW (default) or FULL. ' +
      MOVES,
    body: noteCreateBody,
    parent: requireProduct,
    create: createUnder('product', createNote),
  }),
  showRow(note, { summary: 'Show a note', query: showQuerySchema }),
  showRow(note, { ...inProduct(note), summary: 'Show a note of a product', query: showQuerySchema }),
  updateRow(note, {
    summary: 'Update a note',
    description: `Operation 13. Only the fields sent change. ${MOVES}`,
    body: noteUpdateBody,
    update: changeById(updateNote),
  }),
  updateRow(note, {
    ...inProduct(note),
    summary: 'Update a note of a product',
    description: 'As `PUT /pages/{id}`; a note of another product is a 404.',
    body: noteUpdateBody,
    update: changeById(updateNote),
  }),
  deleteRow(note, {
    summary: 'Delete a note and its subtree (to the recycle bin)',
    description: 'The note goes with every note below it, as one deletion of the recycle bin (a restore brings the whole subtree back).',
    remove: removeById(deleteNote),
  }),
  deleteRow(note, {
    ...inProduct(note),
    summary: 'Delete a note of a product and its subtree',
    description: 'As `DELETE /pages/{id}`; a note of another product is a 404.',
    remove: removeById(deleteNote),
  }),
] as const;
