// A note's custom fields as the workspace's Page layout shows them on the page: compact label/value
// pairs in the row of the note's fields above its name (not cards: the note's text is the page),
// one group per section of the layout, in its order, each value shown by its type (people by name,
// dates formatted, web addresses as links). Read only here; tags keep their own input in that row.
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/account';
import { customFieldKeyOf, type ScreenLayout } from '../../contract/layouts';
import type { Note } from '../../contract/notes';
import { none } from '../../ui/detail-list';
import { CustomFieldValue } from '../../ui/layout-details';
import { customFieldKind, customValueTexts, detailSections } from '../../ui/layout-model';

/** The layout's sections with the custom fields it shows on the page (the name and tags are drawn apart). */
export function noteDetailSections(layout: ScreenLayout) {
  return detailSections(layout, ['name', 'tags'])
    .map((s) => ({ ...s, fields: s.fields.filter((f) => f.custom) }))
    .filter((s) => s.fields.length > 0);
}

export function NoteProperties({ layout, note }: { layout: ScreenLayout; note: Note }) {
  const sections = noteDetailSections(layout);
  const people = sections.some((s) =>
    s.fields.some((f) => f.custom_field_definition && customFieldKind(f.custom_field_definition.type) === 'users'),
  );
  const users = useQuery({ ...accountQueries.users(), enabled: people }).data?.users;
  return (
    <>
      {sections.map((section, index) => (
        <div key={`${index}:${section.name}`} className="note-props" role="group" aria-label={section.name}>
          {/* One section needs no title: the row is the note's fields. */}
          {sections.length > 1 ? (
            <span className="note-props__section" aria-hidden="true">
              {section.name}
            </span>
          ) : null}
          <dl className="note-props__list">
            {section.fields.map((field) => {
              const key = customFieldKeyOf(field.field) ?? field.field;
              const value = note.custom_fields.find((v) => v.key === key)?.value ?? null;
              const kind = field.custom_field_definition ? customFieldKind(field.custom_field_definition.type) : null;
              return (
                <div key={field.field} className="note-field note-prop">
                  <dt>{field.label}</dt>
                  <dd>{customValueTexts(kind, value).length > 0 ? <CustomFieldValue kind={kind} value={value} users={users} /> : none}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </>
  );
}
