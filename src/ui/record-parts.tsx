// Building blocks of record pages: a titled card, the delete button with its confirmation, and the
// header, body and side column features and epics share (progress with estimates, details, team),
// so the two pages read the same and stay the same.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ScreenLayout } from '../contract/layouts';
import { Button, ButtonLink } from './button';
import type { Crumb } from './breadcrumbs';
import { ConfirmDialog } from './confirm-dialog';
import { DetailList, personName, TagList, type Detail } from './detail-list';
import { errorMessage } from './error-state';
import { formatDate, formatDateRange } from './format';
import { HtmlView } from './html-view';
import { LayoutDetails, type DetailFacts } from './layout-details';
import { onDetail } from './layout-model';
import { sourceLabel } from './labels';
import { paths } from './paths';
import { ProgressBar } from './progress-bar';
import { RecordHeader } from './screen-header';
import { StatusPill } from './status-pill';
import { RecordCard } from './record-card';
import './record-parts.css';

// The card moved to its own module (the layout details draw it too); pages import it from here as before.
export { RecordCard, type RecordCardProps } from './record-card';

export interface DeleteActionProps {
  /** The dialog's title, e.g. "Delete PLN-12?". */
  title: string;
  confirmLabel: string;
  mutation: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  onConfirm: () => void;
  /** What deleting does to the record and what hangs off it. */
  children: ReactNode;
}

/** "Delete" and the confirmation it opens; the service's refusal shows in the dialog. */
export function DeleteAction({ title, confirmLabel, mutation, onConfirm, children }: DeleteActionProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={title}
        confirmLabel={confirmLabel}
        pending={mutation.isPending}
        error={mutation.isError ? errorMessage(mutation.error) : null}
        onConfirm={onConfirm}
        onCancel={() => {
          setConfirming(false);
          mutation.reset();
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

/** What features and epics have in common, as their pages show it. */
export interface WorkItemRecord {
  name: string;
  reference_num: string;
  progress: number | null;
  progress_source: string;
  work_units: 'time' | 'story_points';
  initial_estimate_text: string | null;
  detailed_estimate_text: string | null;
  remaining_estimate_text: string | null;
  workflow_status: { name: string; color: string; complete?: boolean };
  release: { id: string; reference_num: string; name: string };
  assigned_to_user: { name: string; email: string } | null;
  created_by_user: { name: string; email: string } | null;
  start_date: string | null;
  due_date: string | null;
  tags: readonly string[];
  watchers: readonly { name: string; email: string }[];
  created_at: string;
  updated_at: string;
  team: { name: string } | null;
  iteration: { name: string } | null;
  program_increment: { reference_num: string; name: string } | null;
  team_workflow_status: { name: string; color: string; complete?: boolean } | null;
  description: { body: string } | null;
  /** Values of the workspace's custom fields, shown where the layout places them. */
  custom_fields?: readonly { key: string; value: unknown }[];
}

/** A linked record shown with its key: "PLN-S-2 Enterprise readiness". */
export function KeyedLink({ to, reference, name }: { to: string; reference: string; name: string }) {
  return (
    <Link to={to}>
      <span className="mono">{reference}</span> {name}
    </Link>
  );
}

/** A detail's value for a linked record: its KeyedLink to `href(key)`, or nothing when there is no link. */
export function keyedLink(link: { reference_num: string; name: string } | null, href: (reference: string) => string): ReactNode {
  return link ? <KeyedLink to={href(link.reference_num)} reference={link.reference_num} name={link.name} /> : null;
}

export interface WorkItemAsideProps {
  item: WorkItemRecord;
  /**
   * The workspace's layout of the kind (`usePageLayout`): the side column is its sections with
   * fields on the page, in order (`LayoutDetails`), then an About card of what no layout places.
   */
  layout: ScreenLayout;
  /** This kind's facts by layout key (a feature's phase, kind, epic; an epic's dates), beside the shared ones (`workItemFacts`). */
  facts?: DetailFacts;
  /** Facts no layout places, in the closing About card (a feature's start and due dates). */
  extra?: readonly Detail[];
  /** More cards under the shared ones (e.g. custom fields). */
  children?: ReactNode;
}

/** What features and epics show alike, by layout key. */
export function workItemFacts(item: WorkItemRecord): DetailFacts {
  return {
    workflow_status: { value: <StatusPill status={item.workflow_status} /> },
    release: { value: <KeyedLink to={paths.release(item.release.id)} reference={item.release.reference_num} name={item.release.name} /> },
    assigned_to_user: { value: personName(item.assigned_to_user) },
    tags: { value: <TagList tags={item.tags} /> },
    watchers: { value: item.watchers.map((w) => personName(w)).join(', ') },
    team: { pairs: teamPairs(item) },
    estimates: {
      block: (
        <>
          <ProgressBar value={item.progress} label={`Progress of ${item.name}`} />
          <p className="record-card__note">Source: {sourceLabel(item.progress_source)}</p>
        </>
      ),
      pairs: estimatePairs(item),
    },
  };
}

function estimatePairs(item: WorkItemRecord): Detail[] {
  return [
    { label: 'Initial estimate', value: item.initial_estimate_text },
    { label: 'Detailed estimate', value: item.detailed_estimate_text },
    { label: 'Remaining estimate', value: item.remaining_estimate_text },
    { label: 'Units', value: item.work_units === 'story_points' ? 'Story points' : 'Time' },
  ];
}

function teamPairs(item: WorkItemRecord): Detail[] {
  return [
    { label: 'Team', value: item.team?.name },
    { label: 'Iteration', value: item.iteration?.name },
    {
      label: 'Program increment',
      value: item.program_increment ? `${item.program_increment.reference_num} ${item.program_increment.name}` : null,
    },
    { label: 'Team status', value: item.team_workflow_status ? <StatusPill status={item.team_workflow_status} /> : null },
  ];
}

/** The side column of a feature or epic page: the layout's facts, then the record's own details. */
export function WorkItemAside({ item, layout, facts, extra = [], children }: WorkItemAsideProps) {
  return (
    <aside className="stack">
      <LayoutDetails layout={layout} facts={{ ...workItemFacts(item), ...facts }} record={item} idPrefix="record" />
      {/* "About", not "Details": a layout's own section is often called Details. */}
      <RecordCard id="record-details" title="About">
        <DetailList
          items={[
            { label: 'Reference', value: <span className="mono">{item.reference_num}</span> },
            ...extra,
            { label: 'Created by', value: personName(item.created_by_user) },
            { label: 'Created', value: formatDate(item.created_at) },
            { label: 'Updated', value: formatDate(item.updated_at) },
          ]}
        />
      </RecordCard>
      {children}
    </aside>
  );
}

export interface WorkItemBodyProps extends WorkItemAsideProps {
  /** "epic", "feature": names the description card (`epic-description`). */
  noun: string;
  /** What hangs from the item, under its description (an epic's features, a feature's requirements). */
  main: ReactNode;
  /** The description's files (`DescriptionFiles`), under its text. */
  files?: ReactNode;
}

/**
 * The body of a feature or epic page: its description (unless the layout leaves it off the page) and
 * what hangs from it, beside the shared side column.
 */
export function WorkItemBody({ item, noun, main, files, children, ...aside }: WorkItemBodyProps) {
  return (
    <div className="layout-2col">
      <div className="stack">
        {onDetail(aside.layout, 'description') ? (
          <RecordCard id={`${noun}-description`} title="Description">
            <HtmlView html={item.description?.body} emptyText="No description yet." />
            {files}
          </RecordCard>
        ) : null}
        {main}
      </div>
      <WorkItemAside item={item} {...aside}>
        {children}
      </WorkItemAside>
    </div>
  );
}

/** A record's name after its colour swatch (goals and initiatives carry a colour). */
export function SwatchTitle({ color, name }: { color: string; name: string }) {
  return (
    <span className="swatch-title">
      <span className="swatch swatch--lg" style={{ background: /^#[0-9a-f]{3,8}$/i.test(color) ? color : undefined }} aria-hidden="true" />
      {name}
    </span>
  );
}

/** What goals and initiatives share on their pages: sized by effort and value, framed in time. */
export interface StrategyRecord {
  name: string;
  reference_num: string;
  progress: number | null;
  effort: number | null;
  value: number | null;
  time_frame: { name: string; start_date: string | null; end_date: string | null } | null;
  created_by_user: { name: string; email: string } | null;
  updated_at: string;
}

/** The pairs goal and initiative pages share; `sourceText` names where the progress comes from. */
export function strategyDetails(record: StrategyRecord, sourceText: string): Detail[] {
  return [
    {
      label: 'Progress',
      value: (
        <>
          <ProgressBar value={record.progress} label={`Progress of ${record.name}`} />
          <span className="detail-list__note">{sourceText}</span>
        </>
      ),
    },
    { label: 'Effort', value: record.effort },
    { label: 'Value', value: record.value },
    {
      label: 'Time frame',
      value: record.time_frame ? (
        <>
          {record.time_frame.name}
          <span className="detail-list__note">{formatDateRange(record.time_frame.start_date, record.time_frame.end_date)}</span>
        </>
      ) : null,
    },
    { label: 'Created by', value: personName(record.created_by_user) },
    { label: 'Updated', value: formatDate(record.updated_at) },
  ];
}

/** The overview card of a goal or initiative page: its pairs, then its description. */
export function OverviewCard({ items, description }: { items: readonly Detail[]; description: string | null | undefined }) {
  return (
    <RecordCard id="overview-heading" title="Overview" hideTitle>
      <DetailList layout="grid" items={items} />
      <h3 className="record-card__subtitle">Description</h3>
      <HtmlView html={description ?? null} emptyText="No description yet." />
    </RecordCard>
  );
}

export interface WorkItemHeaderProps {
  item: { product_id: string; reference_num: string; name: string; workflow_status: WorkItemRecord['workflow_status'] };
  trail: readonly Crumb[];
  /** Actions before Edit and Delete (e.g. "New feature in this epic"). */
  actions?: ReactNode;
  editHref: string;
  /** "epic", "feature": names the confirm button. */
  noun: string;
  deletion: Omit<DeleteActionProps, 'title' | 'confirmLabel'>;
}

/** The header of a feature or epic page: breadcrumbs, name, status, then Edit and Delete. */
export function WorkItemHeader({ item, trail, actions, editHref, noun, deletion }: WorkItemHeaderProps) {
  return (
    <RecordHeader
      record={item}
      trail={trail}
      meta={<StatusPill status={item.workflow_status} />}
      actions={
        <>
          {actions}
          <ButtonLink to={editHref}>Edit</ButtonLink>
          <DeleteAction title={`Delete ${item.reference_num}?`} confirmLabel={`Delete ${noun}`} {...deletion} />
        </>
      }
    />
  );
}
