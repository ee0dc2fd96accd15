// A record page's facts drawn from the workspace's custom layout of its kind: one card per section
// with fields on the page, in the layout's order, each a `DetailList`. The kind hands over its
// standard fields' facts by the layout's key (a value, several pairs, or a block such as a progress
// bar); custom fields are read from the record's `custom_fields` and shown by their type (lists
// joined, people by name, dates formatted, web addresses as links that open apart from the app).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accountQueries } from '../api/account';
import type { User } from '../contract/account';
import { customFieldKeyOf, type LayoutColumn, type LayoutField, type ScreenLayout } from '../contract/layouts';
import { DetailList, type Detail } from './detail-list';
import { formatDate } from './format';
import {
  customFieldKind,
  customValueTexts,
  detailSections,
  isWebAddress,
  type CustomFieldKind,
  type RecordCustomFields,
} from './layout-model';
import { RecordCard } from './record-card';

/**
 * A standard field's fact: one pair labelled by the layout (`value`, `label` to name it otherwise),
 * several pairs (a team with its iteration and statuses), or a block drawn in the card (a progress
 * bar), with pairs under it if need be (the estimates under the bar).
 */
export type DetailFact =
  { value: ReactNode; label?: string } | { pairs: readonly Detail[] } | { block: ReactNode; pairs?: readonly Detail[] };
export type DetailFacts = Readonly<Partial<Record<string, DetailFact>>>;

export interface LayoutDetailsProps {
  layout: ScreenLayout;
  /** The kind's facts by standard key; a field without one is not shown. */
  facts: DetailFacts;
  /** The record, for its custom field values. */
  record?: RecordCustomFields | undefined;
  /** Standard fields the page shows elsewhere (the name in its header, the description in its card). */
  skip?: readonly string[];
  /** Only the sections of one column of the layout; all by default. */
  column?: LayoutColumn;
  /** `column` (label beside value, a side column) or `grid` (tiles across a wide card). */
  listLayout?: 'column' | 'grid';
  /** Prefix of the cards' heading ids (`feature` → `feature-section-0`), unique on the page. */
  idPrefix: string;
  /** The account's users, to name people in custom fields; read from the cache when omitted. */
  users?: readonly User[] | undefined;
}

/** A custom field's value as shown: by its type; nothing for an empty one (the list shows a dash). */
export function CustomFieldValue({ kind, value, users = [] }: { kind: CustomFieldKind | null; value: unknown; users?: readonly User[] }) {
  const texts = customValueTexts(kind, value);
  if (texts.length === 0) return null;
  switch (kind) {
    case 'users':
      return (
        <>
          {texts
            .map((id) => users.find((u) => u.id === id))
            .map((u, i) => (u ? u.name || u.email : `User ${texts[i]}`))
            .join(', ')}
        </>
      );
    case 'date':
      return <>{texts.map((t) => formatDate(t, t)).join(', ')}</>;
    case 'url':
      return (
        <>
          {texts.map((t) =>
            isWebAddress(t) ? (
              <a key={t} href={t} target="_blank" rel="noopener noreferrer">
                {t}
              </a>
            ) : (
              <span key={t}>{t}</span>
            ),
          )}
        </>
      );
    default:
      return <>{texts.join(', ')}</>;
  }
}

type Part = { pairs: Detail[] } | { block: ReactNode; key: string };

function customDetail(field: LayoutField, record: RecordCustomFields | undefined, users: readonly User[]): Detail {
  const key = customFieldKeyOf(field.field) ?? field.field;
  const definition = field.custom_field_definition;
  const value = record?.custom_fields?.find((v) => v.key === key)?.value ?? null;
  const kind = definition ? customFieldKind(definition.type) : null;
  return {
    label: field.label || definition?.name || key,
    // Empty: no value, so the list shows its dash.
    value: customValueTexts(kind, value).length > 0 ? <CustomFieldValue kind={kind} value={value} users={users} /> : null,
  };
}

/** A section's fields as runs of pairs between blocks, in the layout's order. */
function sectionParts(fields: readonly LayoutField[], facts: DetailFacts, record: RecordCustomFields | undefined, users: readonly User[]) {
  const parts: Part[] = [];
  const pairs = (list: Detail[]) => {
    const last = parts.at(-1);
    if (last && 'pairs' in last) last.pairs.push(...list);
    else parts.push({ pairs: list });
  };
  for (const field of fields) {
    if (field.custom) {
      pairs([customDetail(field, record, users)]);
      continue;
    }
    const fact = facts[field.field];
    if (!fact) continue;
    if ('block' in fact) {
      parts.push({ block: fact.block, key: field.field });
      // Pairs after a block start a list of their own, under it.
      if (fact.pairs) parts.push({ pairs: [...fact.pairs] });
    } else if ('pairs' in fact) pairs([...fact.pairs]);
    else pairs([{ label: fact.label ?? field.label, value: fact.value }]);
  }
  return parts;
}

/** Whether any of the layout's custom fields on the page holds people. */
function showsPeople(layout: ScreenLayout): boolean {
  return layout.sections.some((s) =>
    s.fields.some((f) => f.on_detail && f.custom_field_definition && customFieldKind(f.custom_field_definition.type) === 'users'),
  );
}

/** The layout's sections on the page, each a card of its facts. */
export function LayoutDetails({
  layout,
  facts,
  record,
  skip = ['name', 'description'],
  column,
  listLayout = 'column',
  idPrefix,
  users,
}: LayoutDetailsProps) {
  const people = useQuery({ ...accountQueries.users(), enabled: users === undefined && showsPeople(layout) });
  const known = users ?? people.data?.users ?? [];
  const sections = detailSections(layout, skip).filter((s) => !column || s.column === column);
  return (
    <>
      {sections.map((section, index) => {
        const parts = sectionParts(section.fields, facts, record, known);
        if (parts.length === 0) return null;
        return (
          <RecordCard key={`${index}:${section.name}`} id={`${idPrefix}-section-${index}`} title={section.name}>
            {parts.map((part, i) =>
              'pairs' in part ? (
                <DetailList key={`pairs-${i}`} items={part.pairs} layout={listLayout} />
              ) : (
                <div key={part.key} className="layout-details__block">
                  {part.block}
                </div>
              ),
            )}
          </RecordCard>
        );
      })}
    </>
  );
}
