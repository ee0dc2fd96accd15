// The layout editor's rules without a screen: the draft read from the service's answer, moves within
// and between sections (drops counted as the rows were before the move), the palette, the toggles'
// rules from the catalogue, sections added, renamed, removed, reordered and switched between columns,
// the PUT body, the checks made before sending, and the service's 422 put back on what it names.
import { describe, expect, it } from 'vitest';
import {
  addField,
  addSection,
  catalogueOf,
  clearFieldErrors,
  clearSectionErrors,
  columnSections,
  customTypeLabel,
  draftOf,
  draftProblems,
  fieldNotes,
  findField,
  isDirty,
  moveField,
  moveFieldBy,
  moveSection,
  movedMessage,
  paletteOf,
  placeErrors,
  removeField,
  removeSection,
  renameSection,
  requiredReason,
  savedDraft,
  sectionRemovalBlock,
  setFieldFlag,
  setMakeDefault,
  setName,
  setProductIds,
  setSectionColumn,
  toUpdateBody,
  type LayoutDraft,
} from './layout-editor-model';
import { featureLayout, fieldDefinition, launch, risk } from './layout-test-data';

const keysOf = (draft: LayoutDraft) => draft.sections.map((s) => `${s.name}: ${s.fields.map((f) => f.field).join(' ')}`);

describe('the draft of a layout', () => {
  it('reads the sections, fields and flags the service answered', () => {
    const draft = draftOf(featureLayout());
    expect(draft.type).toBe('Feature');
    expect(draft.sections.map((s) => [s.id, s.name, s.column])).toEqual([
      ['s1', 'Feature', 'main'],
      ['s2', 'Planning', 'main'],
      ['s3', 'Details', 'side'],
    ]);
    expect(findField(draft, 'custom_fields.risk')?.field).toMatchObject({
      label: 'Risk',
      custom: true,
      customType: 'select',
      options: ['Low', 'Medium', 'High'],
    });
    expect(findField(draft, 'release')?.field).toMatchObject({ locked: true, canBeRequired: false });
    expect(draft.seq).toBe(4);
    expect(columnSections(draft, 'side').map((s) => s.name)).toEqual(['Details']);
  });

  it('names custom field types in words, and a type it does not know as the service names it', () => {
    expect(customTypeLabel('multi_select')).toBe('Multi-select');
    expect(customTypeLabel('url')).toBe('URL');
    expect(customTypeLabel('scorecard_field')).toBe('Scorecard field');
  });
});

describe('moving fields', () => {
  const draft = draftOf(featureLayout());

  it('moves a field down and up within its section, and not past its ends', () => {
    const down = moveFieldBy(draft, 'name', 1);
    expect(keysOf(down)[0]).toBe('Feature: release name workflow_status description');
    expect(keysOf(moveFieldBy(down, 'name', -1))[0]).toBe('Feature: name release workflow_status description');
    expect(moveFieldBy(draft, 'name', -1)).toBe(draft);
    expect(moveFieldBy(draft, 'description', 1)).toBe(draft);
  });

  it('drops a field before the row at an index, counted as the rows were before the move', () => {
    // name (0) dropped before description (3): it lands after workflow_status.
    expect(keysOf(moveField(draft, 'name', 's1', 3))[0]).toBe('Feature: release workflow_status name description');
    // Dropped at the end (the count of rows).
    expect(keysOf(moveField(draft, 'name', 's1', 4))[0]).toBe('Feature: release workflow_status description name');
    // Dropped where it is: nothing changes.
    expect(moveField(draft, 'name', 's1', 0)).toBe(draft);
    expect(moveField(draft, 'name', 's1', 1)).toBe(draft);
  });

  it('moves a field to another section, at a position or last', () => {
    const moved = moveField(draft, 'custom_fields.risk', 's2', 0);
    expect(keysOf(moved)).toEqual(['Feature: name release workflow_status description', 'Planning: custom_fields.risk tags', 'Details: ']);
    expect(movedMessage(moved, 'custom_fields.risk')).toBe('Risk moved to section Planning, position 1');
    const last = moveField(draft, 'workflow_status', 's3', 99);
    expect(keysOf(last)[2]).toBe('Details: custom_fields.risk workflow_status');
    expect(movedMessage(last, 'workflow_status')).toBe('Status moved to section Details, position 2');
  });

  it('ignores a field or section that is not there', () => {
    expect(moveField(draft, 'epic', 's1', 0)).toBe(draft);
    expect(moveField(draft, 'name', 's9', 0)).toBe(draft);
    expect(movedMessage(draft, 'epic')).toBe('');
  });
});

describe('the palette', () => {
  it('offers the standard fields and the custom fields not placed, each custom key once', () => {
    const draft = draftOf(featureLayout());
    const defs = [risk, launch, fieldDefinition('launch_date', 'Launch (mobile)', 'date', [], '2')];
    const palette = paletteOf(draft, defs);
    expect(palette.map((f) => f.field)).toEqual([
      'release_phase',
      'assigned_to_user',
      'estimates',
      'initiative',
      'epic',
      'workflow_kind',
      'team',
      'watchers',
      'custom_fields.launch_date',
    ]);
    expect(palette.at(-1)).toMatchObject({ label: 'Launch date', customType: 'date', canBeRequired: true, required: false, on_form: true });
    expect(catalogueOf('Page', [])).toHaveLength(2);
  });

  it('adds a field to a section (last, or at a position) and takes it out again', () => {
    const draft = draftOf(featureLayout());
    const epic = paletteOf(draft, []).find((f) => f.field === 'epic');
    if (!epic) throw new Error('epic is in the palette');
    const added = addField(draft, epic, 's3');
    expect(keysOf(added)[2]).toBe('Details: custom_fields.risk epic');
    expect(movedMessage(added, 'epic', 'added')).toBe('Epic added to section Details, position 2');
    expect(keysOf(addField(draft, epic, 's3', 0))[2]).toBe('Details: epic custom_fields.risk');
    // Placed once only.
    expect(addField(added, epic, 's1')).toBe(added);
    const removed = removeField(added, 'epic');
    expect(keysOf(removed)).toEqual(keysOf(draft));
    expect(paletteOf(removed, []).some((f) => f.field === 'epic')).toBe(true);
  });

  it('keeps a locked field in the layout', () => {
    const draft = draftOf(featureLayout());
    expect(removeField(draft, 'name')).toBe(draft);
    expect(removeField(draft, 'release')).toBe(draft);
  });
});

describe('the toggles', () => {
  const draft = draftOf(featureLayout());
  const flags = (d: LayoutDraft, key: string) => {
    const f = findField(d, key)?.field;
    return f ? { on_form: f.on_form, on_detail: f.on_detail, required: f.required } : null;
  };

  it('makes a field required, which puts it on the form; off the form, it stops being required', () => {
    const hidden = setFieldFlag(draft, 'custom_fields.risk', 'on_form', false);
    expect(flags(hidden, 'custom_fields.risk')).toEqual({ on_form: false, on_detail: true, required: false });
    const required = setFieldFlag(hidden, 'custom_fields.risk', 'required', true);
    expect(flags(required, 'custom_fields.risk')).toEqual({ on_form: true, on_detail: true, required: true });
    const offAgain = setFieldFlag(required, 'custom_fields.risk', 'on_form', false);
    expect(flags(offAgain, 'custom_fields.risk')).toEqual({ on_form: false, on_detail: true, required: false });
    expect(flags(setFieldFlag(draft, 'tags', 'on_detail', false), 'tags')).toEqual({ on_form: true, on_detail: false, required: false });
  });

  it('keeps a locked field on the form and refuses Required where the catalogue does', () => {
    expect(setFieldFlag(draft, 'release', 'on_form', false)).toBe(draft);
    expect(setFieldFlag(draft, 'workflow_status', 'required', true)).toBe(draft);
    expect(setFieldFlag(draft, 'name', 'required', false)).toBe(draft);
    // A locked field may still leave the record page.
    expect(flags(setFieldFlag(draft, 'release', 'on_detail', false), 'release')?.on_detail).toBe(false);
  });

  it('says why Required or the form cannot be changed', () => {
    const field = (key: string) => {
      const f = findField(draft, key)?.field;
      if (!f) throw new Error(key);
      return f;
    };
    expect(requiredReason('Feature', field('name'))).toBe('Always required');
    expect(requiredReason('Feature', field('workflow_status'))).toBe('Always has a value: can’t be required');
    expect(requiredReason('Feature', field('description'))).toBeNull();
    expect(requiredReason('Feature', field('custom_fields.risk'))).toBeNull();
    const estimates = catalogueOf('Feature', []).find((f) => f.field === 'estimates');
    if (!estimates) throw new Error('estimates');
    expect(requiredReason('Feature', estimates)).toBe('Several inputs: can’t be required');
    expect(fieldNotes('Feature', field('name'))).toBe('Always on the form and required');
    expect(fieldNotes('Feature', field('release'))).toBe('Always on the form; can’t be required');
    expect(fieldNotes('Feature', field('workflow_status'))).toBe('Always has a value: can’t be required');
    expect(fieldNotes('Feature', field('tags'))).toBeNull();
  });
});

describe('sections', () => {
  const draft = draftOf(featureLayout());

  it('adds an empty section at the end of a column with a name not taken', () => {
    const first = addSection(draft, 'side');
    expect(first.id).toBe('s4');
    expect(columnSections(first.draft, 'side').map((s) => s.name)).toEqual(['Details', 'New section']);
    const second = addSection(first.draft, 'main');
    expect(second.id).toBe('s5');
    expect(columnSections(second.draft, 'main').map((s) => s.name)).toEqual(['Feature', 'Planning', 'New section 2']);
  });

  it('renames a section', () => {
    expect(renameSection(draft, 's2', 'Plans').sections[1]?.name).toBe('Plans');
  });

  it('removes a section, its fields going back to the palette, unless it holds a locked field', () => {
    const removed = removeSection(draft, 's3');
    expect(removed.sections.map((s) => s.name)).toEqual(['Feature', 'Planning']);
    expect(paletteOf(removed, [risk]).some((f) => f.field === 'custom_fields.risk')).toBe(true);
    const feature = draft.sections[0];
    if (!feature) throw new Error('section');
    expect(sectionRemovalBlock(feature)).toBe('Holds Name and Release, always on the form: move them out first');
    expect(removeSection(draft, 's1')).toBe(draft);
  });

  it('moves a section among the sections of its column only', () => {
    expect(moveSection(draft, 's2', -1).sections.map((s) => s.name)).toEqual(['Planning', 'Feature', 'Details']);
    // Details is the side column's only section: nothing above or below it there.
    expect(moveSection(draft, 's3', -1)).toBe(draft);
    expect(moveSection(draft, 's1', -1)).toBe(draft);
    const withSide = addSection(draft, 'side').draft;
    expect(columnSections(moveSection(withSide, 's4', -1), 'side').map((s) => s.name)).toEqual(['New section', 'Details']);
  });

  it('switches a section to the end of the other column', () => {
    const switched = setSectionColumn(draft, 's1', 'side');
    expect(columnSections(switched, 'side').map((s) => s.name)).toEqual(['Details', 'Feature']);
    expect(columnSections(switched, 'main').map((s) => s.name)).toEqual(['Planning']);
    expect(setSectionColumn(draft, 's1', 'main')).toBe(draft);
  });
});

describe('saving', () => {
  it('sends the whole layout, trimmed, with its workspaces; default only when it becomes one', () => {
    const draft = setProductIds(setName(renameSection(draftOf(featureLayout()), 's2', ' Plans '), ' Quick '), ['1', '2']);
    expect(toUpdateBody(draft)).toEqual({
      name: 'Quick',
      product_ids: ['1', '2'],
      sections: [
        {
          name: 'Feature',
          column: 'main',
          fields: [
            { field: 'name', on_form: true, on_detail: true, required: true },
            { field: 'release', on_form: true, on_detail: true, required: false },
            { field: 'workflow_status', on_form: true, on_detail: true, required: false },
            { field: 'description', on_form: true, on_detail: true, required: false },
          ],
        },
        { name: 'Plans', column: 'main', fields: [{ field: 'tags', on_form: true, on_detail: true, required: false }] },
        { name: 'Details', column: 'side', fields: [{ field: 'custom_fields.risk', on_form: true, on_detail: true, required: false }] },
      ],
    });
    expect(toUpdateBody(setMakeDefault(draft, true)).default).toBe(true);
    // The default stays the default: nothing to send, and it cannot be unticked.
    const theDefault = draftOf(featureLayout({ default: true }));
    expect(toUpdateBody(theDefault)).not.toHaveProperty('default');
    expect(setMakeDefault(theDefault, false)).toBe(theDefault);
  });

  it('knows when the draft differs from what was saved', () => {
    const saved = draftOf(featureLayout());
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty(saved, moveFieldBy(saved, 'name', 1))).toBe(true);
    expect(isDirty(saved, moveFieldBy(moveFieldBy(saved, 'name', 1), 'name', -1))).toBe(false);
    expect(isDirty(saved, setName(saved, 'Quick capture '))).toBe(false);
    expect(isDirty(saved, setMakeDefault(saved, true))).toBe(true);
    expect(isDirty(saved, setProductIds(saved, ['2', '1']))).toBe(true);
  });

  it('checks names before sending, by body path', () => {
    const draft = renameSection(setName(draftOf(featureLayout()), '  '), 's3', '');
    expect(draftProblems(draft)).toEqual({ name: ["can't be blank"], 'sections.2.name': ["can't be blank"] });
    expect(draftProblems(draftOf(featureLayout()))).toEqual({});
    expect(draftProblems(setName(draftOf(featureLayout()), 'x'.repeat(256))).name).toEqual(['is too long (at most 255 characters)']);
  });
});

describe("the service's 422 on what it names", () => {
  const draft = draftOf(featureLayout());

  it('puts field, section, name, default and workspace messages on their rows, and the rest in the summary', () => {
    const placed = placeErrors(
      {
        'sections.0.fields.2.required': ['cannot be required (Status)'],
        'sections.2.fields.0.field': ['names no custom field of features (no workspace defines "risk")'],
        'sections.1.name': ["can't be blank"],
        name: ["can't be blank"],
        default: ['is the default layout of its kind: make another layout the default first'],
        product_ids: ['names no workspace with id 99'],
        sections: ['must include Release: it is always on the feature form'],
        'sections.7.fields.0.field': ['is not a field of features'],
      },
      draft,
    );
    expect(placed.fields).toEqual({
      workflow_status: ['Required: cannot be required (Status)'],
      'custom_fields.risk': ['Risk names no custom field of features (no workspace defines "risk")'],
    });
    expect(placed.sections).toEqual({ s2: ["Section name can't be blank"] });
    expect(placed.name).toEqual(["Name can't be blank"]);
    expect(placed.default).toEqual(['This layout is the default layout of its kind: make another layout the default first']);
    expect(placed.productIds).toEqual(['Workspaces: names no workspace with id 99']);
    expect(placed.general).toEqual([
      'Sections: must include Release: it is always on the feature form',
      'sections.7.fields.0.field is not a field of features',
    ]);
    expect(placed.summary.map((s) => s.text)).toEqual([
      'Status (Feature): Required: cannot be required (Status)',
      'Risk names no custom field of features (no workspace defines "risk")',
      "Section “Planning”: name can't be blank",
      "Name can't be blank",
      'This layout is the default layout of its kind: make another layout the default first',
      'Workspaces: names no workspace with id 99',
      'Sections: must include Release: it is always on the feature form',
      'sections.7.fields.0.field is not a field of features',
    ]);
    expect(placed.summary[0]?.target).toEqual({ kind: 'field', key: 'workflow_status' });
  });

  it('keeps a message on its row after the row moves, and drops it once the row or section is edited', () => {
    const placed = placeErrors(
      { 'sections.0.fields.2.required': ['cannot be required (Status)'], 'sections.1.name': ["can't be blank"] },
      draft,
    );
    // Keyed by field and section, not by position: a move does not lose it.
    const moved = moveField(draft, 'workflow_status', 's3', 0);
    expect(findField(moved, 'workflow_status')?.section.name).toBe('Details');
    expect(placed.fields.workflow_status).toHaveLength(1);
    const cleared = clearSectionErrors(clearFieldErrors(placed, 'workflow_status'), 's2');
    expect(cleared?.fields).toEqual({});
    expect(cleared?.sections).toEqual({});
    expect(cleared?.summary).toEqual([]);
    expect(clearFieldErrors(null, 'x')).toBeNull();
  });

  it('names an unnamed section by its place', () => {
    const unnamed = renameSection(draft, 's3', ' ');
    const placed = placeErrors({ 'sections.2.name': ["can't be blank"] }, unnamed);
    expect(placed.summary[0]?.text).toBe("Section 3 (side column): name can't be blank");
  });
});

describe('after a save', () => {
  it("reads the service's answer with the sections' ids kept", () => {
    const sent = addSection(removeSection(draftOf(featureLayout()), 's2'), 'side', 'Later').draft;
    expect(sent.sections.map((s) => s.id)).toEqual(['s1', 's3', 's4']);
    const answer = featureLayout({
      sections: [...featureLayout().sections.filter((s) => s.name !== 'Planning'), { name: 'Later', column: 'side', fields: [] }],
    });
    const next = savedDraft(answer, sent);
    expect(next.sections.map((s) => [s.id, s.name])).toEqual([
      ['s1', 'Feature'],
      ['s3', 'Details'],
      ['s4', 'Later'],
    ]);
    expect(next.seq).toBe(5);
    expect(isDirty(next, next)).toBe(false);
  });
});
