// A record form drawn from the workspace's custom layout of its kind. The kind hands over its
// standard fields as blocks — the kit fields it always drew, by the layout's key
// (`{ name: <NameField />, assigned_to_user: <AssigneeField … />, estimates: <EstimatesSection … /> }`)
// — and the layout decides which are drawn, in which section and order, in the main column or the
// side one; custom fields are drawn by the kit from their definitions. The layout's required fields
// mark themselves (`useRequired` in the kit's fields) and the kind's schema checks them with
// `checkLayoutValues`. A block that draws its own `FormSection` becomes a group of the layout's
// section (see `FormSection`). Fields the layout leaves out are not drawn; the form's values (and so
// what it sends) do not change.
import { Fragment, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { User } from '../contract/account';
import type { LayoutColumn } from '../contract/layouts';
import { FormSection, FormShell, type FormShellProps } from './form-shell';
import { EnclosingSectionProvider, RequiredFieldsProvider } from './layout-context';
import { LayoutCustomField } from './layout-custom-field';
import type { FormLayout, FormLayoutField } from './layout-model';

/** A kind's standard fields as drawn, by the layout's key; a key without a block is not drawn. */
export type LayoutBlocks = Readonly<Partial<Record<string, ReactNode>>>;

/**
 * A block the kind always draws that is no field of its layout catalogue (a feature's start and due
 * dates): drawn right after the first of `after` the form draws, else at the end of the first
 * main section.
 */
export interface FixedBlock {
  after: readonly string[];
  node: ReactNode;
}

export interface LayoutFieldsProps {
  /** `formLayout(layout, { mode, record })`, the same the kind's schema checks with. */
  model: FormLayout;
  blocks: LayoutBlocks;
  fixed?: Readonly<Record<string, FixedBlock>>;
  /** The account's users, for people custom fields. */
  users?: readonly User[] | undefined;
  /** Only the sections of one column; all of them by default (a form without a side column). */
  column?: LayoutColumn;
  /** How a custom field's name is shown as its label (e.g. with hidden words that tell two forms apart). */
  customLabel?: (name: string) => ReactNode;
  /** Hide the title of the only section (an inline form whose heading already names it). */
  hideLoneTitle?: boolean;
}

interface Item {
  key: string;
  node: ReactNode;
}

/** The drawn items of each section, in order, with the fixed blocks placed after their anchors. */
function sectionItems({ model, blocks, fixed = {}, users, customLabel }: LayoutFieldsProps): Item[][] {
  const drawnNode = (f: FormLayoutField): ReactNode =>
    f.custom ? (
      <LayoutCustomField field={f.custom} users={users} label={customLabel ? customLabel(f.custom.label) : f.custom.label} />
    ) : (
      blocks[f.field]
    );
  const drawn = new Set(model.sections.flatMap((s) => s.fields.filter((f) => drawnNode(f) !== undefined).map((f) => f.field)));
  const anchored = new Map<string, Item[]>();
  const atEnd: Item[] = [];
  for (const [key, block] of Object.entries(fixed)) {
    const anchor = block.after.find((a) => drawn.has(a));
    const item = { key, node: block.node };
    if (anchor) anchored.set(anchor, [...(anchored.get(anchor) ?? []), item]);
    else atEnd.push(item);
  }
  const firstMain = Math.max(
    0,
    model.sections.findIndex((s) => s.column === 'main'),
  );
  return model.sections.map((section, index) => {
    const items = section.fields.flatMap((f): Item[] => {
      const node = drawnNode(f);
      if (node === undefined) return [];
      return [{ key: f.field, node }, ...(anchored.get(f.field) ?? [])];
    });
    return index === firstMain ? [...items, ...atEnd] : items;
  });
}

/** The layout's sections of a form (of one column, or all), each a `FormSection` of its drawn fields. */
export function LayoutFields(props: LayoutFieldsProps) {
  const { model, column, hideLoneTitle = false } = props;
  const items = sectionItems(props);
  const shown = model.sections
    .map((section, index) => ({ section, index, items: items[index] ?? [] }))
    .filter((s) => s.items.length > 0 && (!column || s.section.column === column));
  return (
    <RequiredFieldsProvider value={model.required}>
      {shown.map(({ section, index, items: blocks }) => (
        <SectionFrame key={`${index}:${section.name}`} title={section.name} hideTitle={hideLoneTitle && shown.length === 1}>
          {/* A block that draws its own FormSection becomes a group of this one. */}
          <EnclosingSectionProvider value={{ title: section.name, sole: blocks.length === 1 }}>
            {blocks.map((item) => (
              <Fragment key={item.key}>{item.node}</Fragment>
            ))}
          </EnclosingSectionProvider>
        </SectionFrame>
      ))}
    </RequiredFieldsProvider>
  );
}

function SectionFrame({ title, hideTitle, children }: { title: string; hideTitle: boolean; children: ReactNode }) {
  if (!hideTitle) return <FormSection title={title}>{children}</FormSection>;
  return (
    <fieldset className="form-section">
      <legend className="visually-hidden">{title}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}

export type LayoutFormProps<TValues extends FieldValues, TOutput, TResult> = Omit<
  FormShellProps<TValues, TOutput, TResult>,
  'children' | 'aside'
> &
  Omit<LayoutFieldsProps, 'column' | 'hideLoneTitle'>;

/**
 * A `FormShell` whose fields come from the layout: the main column's sections as its body, the side
 * column's as its `aside` (a one-column form when the layout has none).
 */
export function LayoutForm<TValues extends FieldValues, TOutput, TResult>({
  model,
  blocks,
  fixed,
  users,
  customLabel,
  ...shell
}: LayoutFormProps<TValues, TOutput, TResult>) {
  const fields = { model, blocks, fixed, users, customLabel };
  const hasSide = model.sections.some((s) => s.column === 'side');
  return (
    <FormShell {...shell} aside={hasSide ? <LayoutFields {...fields} column="side" /> : undefined}>
      <LayoutFields {...fields} column="main" />
    </FormShell>
  );
}
