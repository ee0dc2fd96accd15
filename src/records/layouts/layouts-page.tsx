// The account's custom layouts (administrators): one table grouped by record kind, each layout with
// whether it is the kind's default, the workspaces that use it, its sections and fields, and a way
// into the editor. "New layout" starts one on a kind.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { layoutQueries } from '../../api/layouts';
import { SCREENABLE_NOUNS, type ScreenDefinition } from '../../contract/layouts';
import { ButtonLink } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { serverOrdered } from '../../ui/data-table-model';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader, screenTitle } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { AdministratorGate, AdministratorsOnly, isForbidden } from './administrators-only';
import { inListOrder, workspacesUsing } from './layout-assignments';
import { fieldCount } from './layout-editor-model';
import './layouts.css';

const TITLE = 'Layouts';

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function LayoutsPage() {
  const administrator = useQuery(accountQueries.me()).data?.administrator === true;
  return (
    <div className="stack layouts-page">
      <title>{screenTitle(TITLE)}</title>
      <PageHeader
        workspace={false}
        eyebrow="Administration"
        title={TITLE}
        meta="The fields each kind's forms and record pages show. A workspace uses the layout assigned to it, else its kind's default."
        actions={
          administrator ? (
            <ButtonLink to={paths.newLayout()} variant="primary">
              New layout
            </ButtonLink>
          ) : null
        }
      />
      <AdministratorGate>
        <LayoutList />
      </AdministratorGate>
    </div>
  );
}

function LayoutList() {
  const layouts = useQuery(layoutQueries.list());
  const products = useQuery(accountQueries.products());
  if (layouts.isError && isForbidden(layouts.error)) return <AdministratorsOnly />;
  const all = layouts.data ?? [];
  const workspaces = products.data?.products ?? [];

  const columns = serverOrdered<ScreenDefinition>([
    {
      id: 'name',
      header: 'Layout',
      cell: (l) => {
        const main = l.sections.filter((s) => s.column === 'main').length;
        const side = l.sections.length - main;
        return (
          <>
            <span className="layouts-name">
              <Link to={paths.layout(l.id)} className="cell-title">
                {l.name}
              </Link>
              {l.default ? <span className="tag tag--default">Default</span> : null}
            </span>
            <span className="layouts-sub muted">
              {plural(l.sections.length, 'section')}: {main} main{side > 0 ? `, ${side} side` : ''}
            </span>
          </>
        );
      },
      csvValue: (l) => l.name,
    },
    {
      id: 'workspaces',
      header: 'Used by',
      cell: (l) => {
        if (!products.data) return <span className="muted">…</span>;
        const using = workspacesUsing(l, all, workspaces);
        if (using.length === 0) return <span className="muted">{l.default ? 'No workspace: each has its own' : 'No workspace yet'}</span>;
        return using.map((p) => p.name).join(', ');
      },
    },
    {
      id: 'fields',
      header: 'Fields',
      width: '11rem',
      cell: (l) => {
        const fields = l.sections.flatMap((s) => s.fields);
        return (
          <>
            {plural(fields.length, 'field')}
            <span className="layouts-sub muted">
              {fields.filter((f) => f.on_form).length} on form, {fields.filter((f) => f.required).length} required
            </span>
          </>
        );
      },
      csvValue: (l) => fieldCount(l.sections),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: '5.5rem',
      align: 'end',
      cell: (l) => (
        <ButtonLink to={paths.layout(l.id)} size="sm">
          {/* One flex item: the button's gap would otherwise stand between the word and the hidden name. */}
          <span>
            Edit <span className="visually-hidden">{l.name}</span>
          </span>
        </ButtonLink>
      ),
    },
  ]);

  return (
    <DataTable
      framed
      compact
      label="Layouts by record kind"
      noun="layouts"
      columns={columns}
      rows={layouts.data ? inListOrder(layouts.data) : undefined}
      state={layouts}
      groupOf={(row, previous) =>
        previous?.screenable_type === row.screenable_type ? null : capitalized(SCREENABLE_NOUNS[row.screenable_type].many)
      }
      empty={
        <EmptyState
          title="No layouts yet"
          action={
            <ButtonLink to={paths.newLayout()} variant="primary">
              New layout
            </ButtonLink>
          }
        >
          Every form shows its kind's built-in fields until a layout says otherwise.
        </EmptyState>
      }
    />
  );
}
