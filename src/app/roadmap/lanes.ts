// What each roadmap lane shows, from the records as the service sends them: which records get a bar
// (and in what order), which are listed as having no dates, their colour, progress and link, and the
// words a person (or a screen reader) reads for each bar. Pure, so it is tested without a browser.
import type { RoadmapRelease } from '../../api/roadmap';
import type { EpicListItem } from '../../contract/epics';
import type { InitiativeListItem } from '../../contract/initiatives';
import { formatDate, formatDateRange } from '../../ui/format';
import { paths } from '../../ui/paths';
import { spanOf, treeOrder, type Span } from './layout';

export type LaneKind = 'releases' | 'initiatives' | 'epics';

export const LANE_TITLES: Readonly<Record<LaneKind, string>> = {
  releases: 'Releases',
  initiatives: 'Initiatives',
  epics: 'Epics',
};

const NEUTRAL = '#8a94a6';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Colours come from the service; anything that is not a plain hex colour falls back to grey. */
export function safeColor(color: string | null | undefined): string {
  return color && HEX.test(color) ? color : NEUTRAL;
}

/** Progress as a whole percentage 0–100; none yet reads as 0. */
export function progressPercent(progress: number | null | undefined): number {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return 0;
  return Math.max(0, Math.min(100, Math.round(progress)));
}

export interface BarModel {
  id: string;
  name: string;
  reference: string | null;
  href: string;
  span: Span;
  /** 0–100 */
  progress: number;
  color: string;
  status: string | null;
}

export interface PhaseModel {
  id: string;
  name: string;
  type: 'phase' | 'milestone';
  span: Span;
  progress: number;
}

export interface ReleaseRow {
  bar: BarModel;
  phases: PhaseModel[];
  /** Phases and milestones without dates: named in the phase row's description. */
  undatedPhases: string[];
}

export interface InitiativeRow {
  bar: BarModel;
  depth: number;
  parentName: string | null;
}

export interface EpicGroup {
  /** The release id, or `none`. */
  key: string;
  name: string;
  reference: string | null;
  /** The release's own dates, drawn as a faint band behind its epics. */
  span: Span | null;
  rows: BarModel[];
}

export interface Unscheduled {
  id: string;
  name: string;
}

export interface Lane<Row> {
  rows: Row[];
  unscheduled: Unscheduled[];
  /** Every record of the lane, drawn or not. */
  total: number;
}

const byText = (a: string | null | undefined, b: string | null | undefined): number =>
  (a ?? '').localeCompare(b ?? '', undefined, { numeric: true, sensitivity: 'base' });

/** Earlier first; equal starts by end, then by name. */
const bySpan = (a: BarModel, b: BarModel): number =>
  a.span.start.localeCompare(b.span.start) || a.span.end.localeCompare(b.span.end) || byText(a.name, b.name);

const nameOf = (record: { id: string; name?: string | undefined }): string => record.name ?? `#${record.id}`;

interface Barred {
  id: string;
  name?: string | undefined;
  reference_num?: string | undefined;
  progress?: number | null | undefined;
  workflow_status?: { name: string; color: string } | undefined;
}

/** A record's bar: its name, key, page, span and progress, in its status colour unless given another. */
function barOf(record: Barred, href: string, span: Span, color = record.workflow_status?.color): BarModel {
  return {
    id: record.id,
    name: nameOf(record),
    reference: record.reference_num ?? null,
    href,
    span,
    progress: progressPercent(record.progress),
    color: safeColor(color),
    status: record.workflow_status?.name ?? null,
  };
}

export function releaseLane(data: readonly RoadmapRelease[]): Lane<ReleaseRow> {
  const rows: ReleaseRow[] = [];
  const unscheduled: Unscheduled[] = [];
  for (const { release, phases } of data) {
    // The bar runs to the release date; a release without one ends at its end date.
    const span = spanOf(release.start_date, release.release_date ?? release.end_date);
    if (!span) {
      unscheduled.push({ id: release.id, name: nameOf(release) });
      continue;
    }
    const phaseModels: PhaseModel[] = [];
    const undatedPhases: string[] = [];
    for (const phase of [...phases].sort((a, b) => a.position - b.position)) {
      const phaseSpan = spanOf(phase.start_on, phase.end_on);
      if (!phaseSpan) undatedPhases.push(phase.name);
      else
        phaseModels.push({
          id: phase.id,
          name: phase.name,
          type: phase.type,
          span: phaseSpan,
          progress: progressPercent(phase.progress),
        });
    }
    phaseModels.sort((a, b) => a.span.start.localeCompare(b.span.start) || a.span.end.localeCompare(b.span.end));
    rows.push({ bar: barOf(release, paths.release(release.id), span), phases: phaseModels, undatedPhases });
  }
  rows.sort((a, b) => bySpan(a.bar, b.bar));
  return { rows, unscheduled, total: data.length };
}

export function initiativeLane(items: readonly InitiativeListItem[]): Lane<InitiativeRow> {
  const names = new Map(items.map((i) => [i.id, nameOf(i)]));
  // Siblings: dated ones by start, then by their manual position, then by name.
  const ordered = treeOrder(items, (a, b) => {
    const sa = spanOf(a.start_date, a.end_date)?.start ?? '9999-12-31';
    const sb = spanOf(b.start_date, b.end_date)?.start ?? '9999-12-31';
    return sa.localeCompare(sb) || (a.position ?? 0) - (b.position ?? 0) || byText(a.name, b.name);
  });
  const rows: InitiativeRow[] = [];
  const unscheduled: Unscheduled[] = [];
  for (const { item, depth } of ordered) {
    const span = spanOf(item.start_date, item.end_date);
    if (!span) {
      unscheduled.push({ id: item.id, name: nameOf(item) });
      continue;
    }
    rows.push({
      // An initiative has its own colour; its status colour is the fallback.
      bar: barOf(item, paths.initiative(item.id), span, item.color && HEX.test(item.color) ? item.color : item.workflow_status?.color),
      depth,
      parentName: depth > 0 && item.parent_id ? (names.get(item.parent_id) ?? null) : null,
    });
  }
  return { rows, unscheduled, total: items.length };
}

export function epicLane(items: readonly EpicListItem[]): Lane<EpicGroup> {
  const groups = new Map<string, EpicGroup>();
  const unscheduled: Unscheduled[] = [];
  for (const epic of items) {
    const span = spanOf(epic.start_date, epic.due_date);
    if (!span) {
      unscheduled.push({ id: epic.id, name: nameOf(epic) });
      continue;
    }
    const release = epic.release ?? null;
    const key = release?.id ?? 'none';
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        name: release ? release.name : 'No release',
        reference: release?.reference_num ?? null,
        span: release ? spanOf(release.start_date, release.release_date) : null,
        rows: [],
      };
      groups.set(key, group);
    }
    group.rows.push(barOf(epic, paths.epic(epic.id), span));
  }
  for (const group of groups.values()) group.rows.sort(bySpan);
  // Releases in date order (undated releases, then epics without a release, last).
  const rows = [...groups.values()].sort((a, b) => {
    if (a.key === 'none' || b.key === 'none') return a.key === 'none' ? (b.key === 'none' ? 0 : 1) : -1;
    const da = a.span?.end ?? a.rows[0]?.span.start ?? '9999-12-31';
    const db = b.span?.end ?? b.rows[0]?.span.start ?? '9999-12-31';
    return da.localeCompare(db) || byText(a.name, b.name);
  });
  return { rows, unscheduled, total: items.length };
}

/** Every date a lane draws, for the range of the timeline. */
export function releaseDates(lane: Lane<ReleaseRow>): string[] {
  return lane.rows.flatMap((r) => [r.bar.span.start, r.bar.span.end, ...r.phases.flatMap((p) => [p.span.start, p.span.end])]);
}

export function initiativeDates(lane: Lane<InitiativeRow>): string[] {
  return lane.rows.flatMap((r) => [r.bar.span.start, r.bar.span.end]);
}

export function epicDates(lane: Lane<EpicGroup>): string[] {
  return lane.rows.flatMap((g) => g.rows.flatMap((r) => [r.span.start, r.span.end]));
}

/** The dates as a person reads them, saying which one is missing. */
export function spanText(span: Span): string {
  if (span.open === 'start') return `no start date – ${formatDate(span.end)}`;
  if (span.open === 'end') return `${formatDate(span.start)} – no end date`;
  return formatDateRange(span.start, span.end);
}

/** The bar's tooltip (and, as its title, its accessible description; the name is the record's), e.g. "Mobile 4.0, Nov 1, 2026 – Dec 31, 2026, 43% done (In progress)". */
export function barTitle(bar: Pick<BarModel, 'name' | 'progress' | 'span' | 'status'>): string {
  const status = bar.status ? ` (${bar.status})` : '';
  return `${bar.name}, ${spanText(bar.span)}, ${bar.progress}% done${status}`;
}

/** The names after "No dates (3):" — at most `max` of them, then "and N more". */
export function unscheduledText(items: readonly Unscheduled[], max = 8): string {
  const names = items.slice(0, max).map((i) => i.name);
  const more = items.length - names.length;
  return `${names.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}
