// The layout editor's sections: a main and a side column of sections, each with its name, its fields
// in order and the section's own moves; under them the palette of fields not on the layout. Every
// change can be made with a mouse (fields dragged within and between sections, from the palette into
// a section) and without one (Move up / Move down, "Move to section", "Add to <section>"); each move
// is announced in a polite live region and the focus stays with the field moved. The rules are the
// model's (layout-editor-model.ts): this file only draws them and routes the events.
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { CustomFieldDefinition } from '../../contract/custom-fields';
import { LAYOUT_COLUMNS, SCREENABLE_NOUNS, type LayoutColumn } from '../../contract/layouts';
import { Button } from '../../ui/button';
import { CountBadge } from '../../ui/count-badge';
import { MenuButton } from '../../ui/menu-button';
import {
  COLUMN_LABELS,
  addField,
  addSection,
  columnSections,
  customTypeLabel,
  fieldNotes,
  findField,
  lockedReason,
  moveField,
  moveFieldBy,
  moveSection,
  movedMessage,
  otherColumn,
  paletteOf,
  removeField,
  removeSection,
  renameSection,
  requiredReason,
  sectionRemovalBlock,
  setFieldFlag,
  setSectionColumn,
  type EditorField,
  type EditorSection,
  type FieldFlag,
  type LayoutDraft,
  type PlacedErrors,
} from './layout-editor-model';

/** What a change touched, so the page can drop the messages it answers. */
export interface EditorChange {
  field?: string;
  section?: string;
}

export interface SectionsEditorProps {
  draft: LayoutDraft;
  definitions: readonly CustomFieldDefinition[];
  /** False while the workspaces' custom fields load: the palette says so. */
  definitionsReady: boolean;
  errors: PlacedErrors | null;
  onChange: (next: LayoutDraft, change?: EditorChange) => void;
}

// Element ids the summary links to and the focus returns to. Field keys hold dots (`custom_fields.risk`).
const safe = (text: string): string => text.replace(/[^a-zA-Z0-9_-]/g, '-');
export const fieldRowId = (key: string): string => `layout-field-${safe(key)}`;
export const sectionElementId = (id: string): string => `layout-section-${id}`;
export const sectionNameId = (id: string): string => `layout-section-${id}-name`;
const paletteItemId = (key: string): string => `layout-palette-${safe(key)}`;

/** Our own drag type, so text or files dragged in from elsewhere are not taken for a field. */
const DRAG_TYPE = 'application/x-planner-layout-field';

interface DropAt {
  sectionId: string;
  index: number;
}

export function SectionsEditor({ draft, definitions, definitionsReady, errors, onChange }: SectionsEditorProps) {
  const [announcement, setAnnouncement] = useState('');
  // The element to focus once the change is drawn: after a move it may be new (a row in another section).
  const focusNext = useRef<string | null>(null);
  const [dropAt, setDropAt] = useState<DropAt | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  // Where the palette adds to: the section last chosen there, else the first.
  const [addTarget, setAddTarget] = useState<string | null>(null);
  const dragged = useRef<{ key: string; fromPalette: boolean } | null>(null);
  const palette = paletteOf(draft, definitions);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const target = draft.sections.find((s) => s.id === addTarget) ?? draft.sections[0] ?? null;

  const commit = (next: LayoutDraft, change: EditorChange, message: string, focus?: string) => {
    if (next === draft) return;
    onChange(next, change);
    setAnnouncement(message);
    if (focus) focusNext.current = focus;
  };

  const moveRow = (key: string, step: -1 | 1) => {
    const next = moveFieldBy(draft, key, step);
    const place = findField(next, key);
    if (!place) return;
    // At a section's end the button just used is disabled: the focus goes to its twin.
    const atEdge = step === -1 ? place.index === 0 : place.index === place.section.fields.length - 1;
    const focus = atEdge ? `${fieldRowId(key)}-${step === -1 ? 'down' : 'up'}` : undefined;
    commit(next, {}, movedMessage(next, key), focus);
  };

  const moveToSection = (key: string, sectionId: string) => {
    const section = draft.sections.find((s) => s.id === sectionId);
    if (!section) return;
    const next = moveField(draft, key, sectionId, section.fields.length);
    commit(next, {}, movedMessage(next, key), `${fieldRowId(key)}-move`);
  };

  const add = (field: EditorField, sectionId: string, index?: number, fromKeyboard = false) => {
    const next = addField(draft, field, sectionId, index);
    // From the palette's button the focus stays in the palette, on the next field to add.
    const rest = palette.filter((f) => f.field !== field.field);
    const after = rest[palette.indexOf(field)] ?? rest[rest.length - 1];
    const focus = fromKeyboard ? (after ? `${paletteItemId(after.field)}-add` : 'layout-palette-title') : undefined;
    commit(next, { field: field.field }, movedMessage(next, field.field, 'added'), focus);
  };

  const remove = (field: EditorField) => {
    const next = removeField(draft, field.field);
    commit(next, { field: field.field }, `${field.label} taken off the layout: it is in the palette`, `${paletteItemId(field.field)}-add`);
  };

  const setFlag = (key: string, flag: FieldFlag, value: boolean) => {
    onChange(setFieldFlag(draft, key, flag, value), { field: key });
  };

  // ---- Sections

  const newSection = (column: LayoutColumn) => {
    const { draft: next, id } = addSection(draft, column);
    const name = next.sections.find((s) => s.id === id)?.name ?? '';
    commit(next, {}, `Section ${name} added to the ${COLUMN_LABELS[column].toLowerCase()}`, sectionNameId(id));
  };

  const dropSection = (section: EditorSection) => {
    const next = removeSection(draft, section.id);
    const count = section.fields.length;
    commit(
      next,
      { section: section.id },
      `Section ${section.name} removed${count > 0 ? `; its ${count === 1 ? 'field is' : `${count} fields are`} back in the palette` : ''}`,
      `layout-add-section-${section.column}`,
    );
  };

  const stepSection = (section: EditorSection, step: -1 | 1) => {
    const next = moveSection(draft, section.id, step);
    const same = columnSections(next, section.column);
    const position = same.findIndex((s) => s.id === section.id);
    const atEdge = step === -1 ? position === 0 : position === same.length - 1;
    const focus = atEdge ? `${sectionElementId(section.id)}-${step === -1 ? 'down' : 'up'}` : undefined;
    commit(
      next,
      {},
      `Section ${section.name} moved to position ${position + 1} of the ${COLUMN_LABELS[section.column].toLowerCase()}`,
      focus,
    );
  };

  const switchColumn = (section: EditorSection) => {
    const column = otherColumn(section.column);
    const next = setSectionColumn(draft, section.id, column);
    commit(
      next,
      {},
      `Section ${section.name} moved to the ${COLUMN_LABELS[column].toLowerCase()}`,
      `${sectionElementId(section.id)}-column`,
    );
  };

  // ---- Dragging

  const startDrag = (event: DragEvent<HTMLElement>, key: string, fromPalette: boolean) => {
    event.dataTransfer.setData(DRAG_TYPE, key);
    event.dataTransfer.setData('text/plain', key);
    event.dataTransfer.effectAllowed = 'move';
    dragged.current = { key, fromPalette };
    setDragging(key);
  };
  const endDrag = () => {
    dragged.current = null;
    setDragging(null);
    setDropAt(null);
  };

  /** The index a pointer at `y` drops at among a list's rows: before the first row whose middle is below it. */
  const indexAt = (list: HTMLElement, y: number): number => {
    const rows = [...list.querySelectorAll<HTMLElement>(':scope > .layout-row')];
    const index = rows.findIndex((row) => {
      const box = row.getBoundingClientRect();
      return y < box.top + box.height / 2;
    });
    return index === -1 ? rows.length : index;
  };

  const overList = (event: DragEvent<HTMLElement>, sectionId: string) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const index = indexAt(event.currentTarget, event.clientY);
    if (dropAt?.sectionId !== sectionId || dropAt.index !== index) setDropAt({ sectionId, index });
  };
  const leaveList = (event: DragEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setDropAt(null);
  };
  const dropOnList = (event: DragEvent<HTMLElement>, sectionId: string) => {
    event.preventDefault();
    const source = dragged.current;
    const index = indexAt(event.currentTarget, event.clientY);
    endDrag();
    if (!source) return;
    if (source.fromPalette) {
      const field = palette.find((f) => f.field === source.key);
      if (field) add(field, sectionId, index);
      return;
    }
    const next = moveField(draft, source.key, sectionId, index);
    commit(next, {}, movedMessage(next, source.key));
  };

  const noun = SCREENABLE_NOUNS[draft.type];

  return (
    <div className="layout-build">
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div className="layout-columns">
        {LAYOUT_COLUMNS.map((column) => {
          const sections = columnSections(draft, column);
          return (
            <section key={column} className={`layout-column layout-column--${column}`} aria-labelledby={`layout-column-${column}`}>
              <h2 className="layout-column__title" id={`layout-column-${column}`}>
                {COLUMN_LABELS[column]}
              </h2>
              {sections.length === 0 ? <p className="layout-column__empty muted">No sections in this column.</p> : null}
              {sections.map((section, position) => (
                <SectionCard
                  key={section.id}
                  section={section}
                  draft={draft}
                  first={position === 0}
                  last={position === sections.length - 1}
                  errors={errors}
                  dropIndex={dropAt?.sectionId === section.id ? dropAt.index : null}
                  dragging={dragging}
                  onRename={(name) => onChange(renameSection(draft, section.id, name), { section: section.id })}
                  onStep={(step) => stepSection(section, step)}
                  onSwitchColumn={() => switchColumn(section)}
                  onRemove={() => dropSection(section)}
                  listEvents={{
                    onDragOver: (e) => overList(e, section.id),
                    onDragLeave: leaveList,
                    onDrop: (e) => dropOnList(e, section.id),
                  }}
                  renderRow={(field, index) => (
                    <FieldRow
                      key={field.field}
                      field={field}
                      draft={draft}
                      section={section}
                      index={index}
                      errors={errors?.fields[field.field]}
                      dropBefore={dropAt?.sectionId === section.id && dropAt.index === index}
                      dragging={dragging === field.field}
                      onDragStart={(e) => startDrag(e, field.field, false)}
                      onDragEnd={endDrag}
                      onStep={(step) => moveRow(field.field, step)}
                      onMoveTo={(id) => moveToSection(field.field, id)}
                      onFlag={(flag, value) => setFlag(field.field, flag, value)}
                      onRemove={() => remove(field)}
                    />
                  )}
                />
              ))}
              <Button
                size="sm"
                variant="ghost"
                id={`layout-add-section-${column}`}
                className="layout-column__add"
                onClick={() => newSection(column)}
              >
                <span aria-hidden="true">+</span> Add section to the {column} column
              </Button>
            </section>
          );
        })}
      </div>

      <section className="card layout-palette" aria-labelledby="layout-palette-title">
        <header className="layout-palette__header">
          <h2 className="layout-palette__title" id="layout-palette-title" tabIndex={-1}>
            Fields not on this layout
          </h2>
          <CountBadge>
            {palette.length}
            <span className="visually-hidden">{palette.length === 1 ? ' field' : ' fields'}</span>
          </CountBadge>
          <span className="spacer" />
          {draft.sections.length > 0 && palette.length > 0 ? (
            <label className="layout-palette__target">
              <span>Add to section</span>
              <select className="input select" value={target?.id ?? ''} onChange={(e) => setAddTarget(e.target.value)}>
                {draft.sections.map((s) => (
                  <option key={s.id} value={s.id}>
                    {sectionOptionLabel(s)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </header>
        <p className="layout-palette__help muted">
          Drag a field into a section, or add it to the section chosen here. The workspaces' custom fields of {noun.many} are listed too.
        </p>
        {draft.sections.length === 0 ? (
          <p className="muted">Add a section first: fields are placed in sections.</p>
        ) : palette.length === 0 ? (
          <p className="muted">{definitionsReady ? `Every field of ${noun.many} is on this layout.` : 'Loading the custom fields…'}</p>
        ) : (
          <ul className="layout-palette__list">
            {palette.map((field) => (
              <li
                key={field.field}
                id={paletteItemId(field.field)}
                className={`layout-palette__item${dragging === field.field ? ' layout-palette__item--dragging' : ''}`}
                draggable
                onDragStart={(e) => startDrag(e, field.field, true)}
                onDragEnd={endDrag}
              >
                <span className="layout-grip" aria-hidden="true" />
                <span className="layout-palette__name">
                  {field.label}
                  <FieldBadge field={field} />
                </span>
                {target ? (
                  <Button size="sm" id={`${paletteItemId(field.field)}-add`} onClick={() => add(field, target.id, undefined, true)}>
                    {/* One flex item: the button's gap would otherwise stand around the hidden name. */}
                    <span>
                      Add <span className="visually-hidden">{field.label}</span> to {target.name.trim() || 'section'}
                    </span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {!definitionsReady && palette.length > 0 ? <p className="muted layout-palette__help">Loading the custom fields…</p> : null}
      </section>
    </div>
  );
}

const sectionOptionLabel = (s: EditorSection): string => `${s.name.trim() || 'Untitled section'} (${s.column})`;

function FieldBadge({ field }: { field: EditorField }) {
  if (!field.custom) return null;
  return (
    <span className="tag tag--custom">
      Custom <span aria-hidden="true">·</span> {customTypeLabel(field.customType ?? 'other')}
    </span>
  );
}

interface ListEvents {
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
}

function SectionCard({
  section,
  draft,
  first,
  last,
  errors,
  dropIndex,
  dragging,
  onRename,
  onStep,
  onSwitchColumn,
  onRemove,
  listEvents,
  renderRow,
}: {
  section: EditorSection;
  draft: LayoutDraft;
  first: boolean;
  last: boolean;
  errors: PlacedErrors | null;
  dropIndex: number | null;
  dragging: string | null;
  onRename: (name: string) => void;
  onStep: (step: -1 | 1) => void;
  onSwitchColumn: () => void;
  onRemove: () => void;
  listEvents: ListEvents;
  renderRow: (field: EditorField, index: number) => ReactNode;
}) {
  const id = sectionElementId(section.id);
  const messages = errors?.sections[section.id] ?? [];
  const blocked = sectionRemovalBlock(section);
  const name = section.name.trim() || 'Untitled section';
  const other = otherColumn(section.column);
  return (
    <section
      id={id}
      tabIndex={-1}
      className={`layout-section${messages.length > 0 ? ' layout-section--invalid' : ''}`}
      aria-label={`Section ${name}`}
    >
      <header className="layout-section__header">
        <label className="visually-hidden" htmlFor={sectionNameId(section.id)}>
          Section name
        </label>
        <input
          id={sectionNameId(section.id)}
          className="input layout-section__name"
          value={section.name}
          maxLength={255}
          autoComplete="off"
          aria-invalid={messages.length > 0}
          aria-describedby={messages.length > 0 ? `${id}-error` : undefined}
          onChange={(e) => onRename(e.target.value)}
        />
        <div className="layout-section__tools">
          <IconButton id={`${id}-up`} label={`Move section ${name} up`} disabled={first} onClick={() => onStep(-1)} glyph="up" />
          <IconButton id={`${id}-down`} label={`Move section ${name} down`} disabled={last} onClick={() => onStep(1)} glyph="down" />
          <Button size="sm" variant="ghost" id={`${id}-column`} className="layout-section__column" onClick={onSwitchColumn}>
            <span>
              To {other} <span className="visually-hidden">column: section {name}</span>
            </span>
          </Button>
          <IconButton
            id={`${id}-remove`}
            label={`Remove section ${name}`}
            disabled={blocked !== null}
            onClick={onRemove}
            glyph="remove"
            title={blocked ?? undefined}
          />
        </div>
      </header>
      {messages.length > 0 ? (
        <p className="layout-error" id={`${id}-error`}>
          {messages.join(' ')}
        </p>
      ) : null}
      {blocked ? (
        <p className="layout-section__note muted">Cannot be removed: {blocked.charAt(0).toLowerCase() + blocked.slice(1)}.</p>
      ) : null}
      <ul
        className={`layout-fields${dropIndex === section.fields.length ? ' layout-fields--drop-end' : ''}${dragging ? ' layout-fields--dragging' : ''}`}
        aria-label={`Fields of ${name}`}
        {...listEvents}
      >
        {section.fields.map((field, index) => renderRow(field, index))}
        {section.fields.length === 0 ? (
          <li className="layout-fields__empty" aria-hidden={dragging ? undefined : true}>
            {`Drop ${SCREENABLE_NOUNS[draft.type].one} fields here, or add them from the palette.`}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function FieldRow({
  field,
  draft,
  section,
  index,
  errors,
  dropBefore,
  dragging,
  onDragStart,
  onDragEnd,
  onStep,
  onMoveTo,
  onFlag,
  onRemove,
}: {
  field: EditorField;
  draft: LayoutDraft;
  section: EditorSection;
  index: number;
  errors: string[] | undefined;
  dropBefore: boolean;
  dragging: boolean;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onStep: (step: -1 | 1) => void;
  onMoveTo: (sectionId: string) => void;
  onFlag: (flag: FieldFlag, value: boolean) => void;
  onRemove: () => void;
}) {
  const id = fieldRowId(field.field);
  const notes = fieldNotes(draft.type, field);
  const requiredBlocked = requiredReason(draft.type, field) !== null;
  const formBlocked = lockedReason(field) !== null;
  const invalid = errors !== undefined && errors.length > 0;
  const describedBy = [notes ? `${id}-notes` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const others = draft.sections.filter((s) => s.id !== section.id);
  const classes = [
    'layout-row',
    dropBefore ? 'layout-row--drop-before' : '',
    dragging ? 'layout-row--dragging' : '',
    invalid ? 'layout-row--invalid' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li id={id} tabIndex={-1} className={classes} draggable onDragStart={onDragStart} onDragEnd={onDragEnd}>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} className="layout-row__inner">
        <div className="layout-row__top">
          <span className="layout-grip" aria-hidden="true" title="Drag to move" />
          <span className="layout-row__name">
            <span className="layout-row__label" id={`${id}-label`}>
              {field.label}
            </span>
            <FieldBadge field={field} />
          </span>
          <IconButton id={`${id}-up`} label={`Move ${field.label} up`} disabled={index === 0} onClick={() => onStep(-1)} glyph="up" />
          <IconButton
            id={`${id}-down`}
            label={`Move ${field.label} down`}
            disabled={index === section.fields.length - 1}
            onClick={() => onStep(1)}
            glyph="down"
          />
          <MoveMenu id={`${id}-move`} name={field.label} sections={others} onPick={onMoveTo} />
          <IconButton
            id={`${id}-remove`}
            label={`Take ${field.label} off the layout`}
            disabled={field.locked}
            onClick={onRemove}
            glyph="remove"
            title={field.locked ? `${field.label} is always on the form` : undefined}
          />
        </div>
        <div className="layout-row__controls">
          <Toggle
            label="On form"
            checked={field.on_form}
            disabled={formBlocked}
            title={lockedReason(field) ?? undefined}
            onChange={(v) => onFlag('on_form', v)}
          />
          <Toggle label="On page" checked={field.on_detail} onChange={(v) => onFlag('on_detail', v)} />
          <Toggle
            label="Required"
            checked={field.required}
            disabled={requiredBlocked}
            title={requiredReason(draft.type, field) ?? undefined}
            onChange={(v) => onFlag('required', v)}
          />
        </div>
        {notes ? (
          <p className="layout-row__notes" id={`${id}-notes`}>
            {notes}
          </p>
        ) : null}
        {invalid ? (
          <p className="layout-error" id={`${id}-error`}>
            {errors.join(' ')}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function Toggle({
  label,
  checked,
  disabled = false,
  title,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  title?: string | undefined;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className={`layout-toggle${disabled ? ' layout-toggle--disabled' : ''}`} title={title}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

const GLYPHS = {
  up: <path d="M8 12V4M4 7.5 8 3.5l4 4" />,
  down: <path d="M8 4v8M4 8.5l4 4 4-4" />,
  remove: <path d="m4.5 4.5 7 7m0-7-7 7" />,
  move: <path d="M2.5 8h7.5M7.5 5l3 3-3 3M13.5 3v10" />,
} as const;

function IconButton({
  id,
  label,
  glyph,
  disabled,
  onClick,
  title,
}: {
  id: string;
  label: string;
  glyph: keyof typeof GLYPHS;
  disabled: boolean;
  onClick: () => void;
  title?: string | undefined;
}) {
  return (
    <button type="button" id={id} className="layout-icon" aria-label={label} title={title ?? label} disabled={disabled} onClick={onClick}>
      <Glyph name={glyph} />
    </button>
  );
}

/**
 * A row's "Move to…" button and its menu of the other sections: the kit's menu button (as the status
 * board's), fixed to the window, so a column's edge never clips it.
 */
function MoveMenu({
  id,
  name,
  sections,
  onPick,
}: {
  id: string;
  name: string;
  sections: readonly EditorSection[];
  onPick: (sectionId: string) => void;
}) {
  return (
    <MenuButton
      id={id}
      label={`Move ${name} to another section`}
      title="Move to another section"
      menuLabel={`Move ${name} to section`}
      className="layout-icon"
      menuClassName="layout-menu"
      itemClassName="layout-menu__item"
      width={240}
      items={sections.map((section) => ({
        key: section.id,
        content: (
          <>
            {section.name.trim() || 'Untitled section'}
            <span className="layout-menu__column">{section.column === 'main' ? 'Main' : 'Side'}</span>
          </>
        ),
        onSelect: () => onPick(section.id),
      }))}
    >
      <Glyph name="move" />
    </MenuButton>
  );
}

function Glyph({ name }: { name: keyof typeof GLYPHS }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {GLYPHS[name]}
    </svg>
  );
}
