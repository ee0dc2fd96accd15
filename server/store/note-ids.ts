// The ids of descriptions ("notes" in the hosted API). A description's text is a column of its record
// here, yet the hosted service gives each note an id of its own, unique across record kinds, and
// takes it in `POST /notes/{note_id}/attachments`. So a note's id is made from its record's: the
// record's id followed by two digits naming the kind of note (`1201` is feature 12's description) —
// unique, stable, and read back without a table.
import type { NotableType } from './serialize';

/** A note's kind: its record's type, or a second note of a record (a goal's success metric). */
export type NoteKind = NotableType | 'Project' | 'GoalMetric';

const NOTE_CODES: Readonly<Record<NoteKind, number>> = {
  Feature: 1,
  Epic: 2,
  Requirement: 3,
  Release: 4,
  ReleasePhase: 5,
  Initiative: 6,
  Goal: 7,
  'Ideas::Idea': 8,
  'Ideas::IdeaResponse': 9,
  Page: 10,
  Project: 11,
  GoalMetric: 12,
};
const KIND_OF_CODE = new Map<number, NoteKind>(Object.entries(NOTE_CODES).map(([kind, code]) => [code, kind as NoteKind]));

/** The id of a record's note of one kind. */
export function noteId(kind: NoteKind, recordId: number): string {
  return `${recordId}${String(NOTE_CODES[kind]).padStart(2, '0')}`;
}

/** The kind and record a note id names, or null when it names none. */
export function noteOwner(id: string): { kind: NoteKind; recordId: number } | null {
  const m = /^([1-9][0-9]*)([0-9]{2})$/.exec(id);
  if (!m?.[1] || !m[2]) return null;
  const kind = KIND_OF_CODE.get(Number(m[2]));
  const recordId = Number(m[1]);
  return kind && Number.isSafeInteger(recordId) ? { kind, recordId } : null;
}
