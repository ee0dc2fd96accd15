// What each lane draws from the records the service sends: which get bars and in what order, which
// are listed as having no dates, phases and milestones, colours, links and the words on each bar.
import { describe, expect, it } from 'vitest';
import type { RoadmapRelease } from '../../api/roadmap';
import type { EpicListItem } from '../../contract/epics';
import type { InitiativeListItem } from '../../contract/initiatives';
import {
  barTitle,
  epicDates,
  epicLane,
  initiativeDates,
  initiativeLane,
  progressPercent,
  releaseDates,
  releaseLane,
  safeColor,
  spanText,
  unscheduledText,
} from './lanes';
import { phase } from './roadmap-fixtures';

const status = (name: string, color = '#fbd58b') => ({ id: '1', name, position: 1, complete: false, color });

const releaseRef = (id: string, name: string, start: string | null, end: string | null) => ({
  id,
  reference_num: `PLN-R-${id}`,
  name,
  product_id: '1',
  start_date: start,
  release_date: end,
  parking_lot: false,
  capacity_units: 'time' as const,
  url: '',
  resource: '',
});

describe('safeColor and progressPercent', () => {
  it('keeps plain hex colours and greys out anything else', () => {
    expect(safeColor('#a4c993')).toBe('#a4c993');
    expect(safeColor('#abc')).toBe('#abc');
    expect(safeColor('red; background: url(x)')).toBe('#8a94a6');
    expect(safeColor(null)).toBe('#8a94a6');
  });

  it('rounds and clamps progress, none reads as 0', () => {
    expect(progressPercent(42.6)).toBe(43);
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent(-3)).toBe(0);
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
  });
});

describe('releaseLane', () => {
  const data: RoadmapRelease[] = [
    {
      release: {
        id: '2',
        name: 'Spring launch',
        reference_num: 'PLN-R-2',
        start_date: '2026-11-01',
        release_date: '2026-12-16',
        end_date: '2026-12-20',
        progress: 40.4,
        workflow_status: status('In progress'),
      },
      phases: [
        phase('12', 'General availability', 'milestone', '2026-12-16', '2026-12-16', 3),
        phase('10', 'Build', 'phase', '2026-11-01', '2026-12-01', 1),
        phase('11', 'Beta', 'milestone', '2026-12-05', '2026-12-05', 2),
        phase('13', 'Retro', 'phase', null, null, 4),
      ],
    },
    {
      release: {
        id: '1',
        name: 'Winter release',
        start_date: '2026-08-23',
        release_date: null,
        end_date: '2026-10-17',
        progress: 100,
      },
      phases: [],
    },
    {
      release: { id: '3', name: 'Someday', start_date: null, release_date: null, end_date: null },
      phases: [],
    },
  ];
  const lane = releaseLane(data);

  it('draws dated releases in date order and lists the rest as having no dates', () => {
    expect(lane.rows.map((r) => r.bar.name)).toEqual(['Winter release', 'Spring launch']);
    expect(lane.unscheduled).toEqual([{ id: '3', name: 'Someday' }]);
    expect(lane.total).toBe(3);
  });

  it('runs a release to its release date, or its end date without one', () => {
    expect(lane.rows[1]?.bar.span).toEqual({ start: '2026-11-01', end: '2026-12-16', open: null });
    expect(lane.rows[0]?.bar.span).toEqual({ start: '2026-08-23', end: '2026-10-17', open: null });
  });

  it('links each bar to its release with its progress, status and colour', () => {
    expect(lane.rows[1]?.bar).toMatchObject({
      id: '2',
      href: '/releases/2',
      progress: 40,
      reference: 'PLN-R-2',
      status: 'In progress',
      color: '#fbd58b',
    });
    expect(lane.rows[0]?.bar).toMatchObject({
      href: '/releases/1',
      progress: 100,
      status: null,
      color: '#8a94a6',
    });
  });

  it('orders phases and milestones by date and names the undated ones', () => {
    const row = lane.rows[1];
    expect(row?.phases.map((p) => [p.name, p.type])).toEqual([
      ['Build', 'phase'],
      ['Beta', 'milestone'],
      ['General availability', 'milestone'],
    ]);
    expect(row?.phases[1]?.span).toEqual({ start: '2026-12-05', end: '2026-12-05', open: null });
    expect(row?.undatedPhases).toEqual(['Retro']);
  });

  it('gives every date it draws to the range, phases included', () => {
    expect(releaseDates(lane)).toEqual(
      expect.arrayContaining(['2026-08-23', '2026-10-17', '2026-11-01', '2026-12-16', '2026-12-01', '2026-12-05']),
    );
  });
});

describe('initiativeLane', () => {
  const items: InitiativeListItem[] = [
    {
      id: '3',
      name: 'SSO',
      parent_id: '2',
      start_date: '2026-11-01',
      end_date: '2027-01-15',
      progress: 60,
      color: '#5b7fa6',
    },
    {
      id: '2',
      name: 'Enterprise',
      parent_id: null,
      start_date: '2026-10-15',
      end_date: '2027-03-31',
      color: 'nope',
      workflow_status: status('On track', '#a4c993'),
    },
    { id: '1', name: 'Self-serve', parent_id: null, start_date: '2026-07-01', end_date: '2027-06-30' },
    { id: '4', name: 'Reporting', parent_id: null, start_date: null, end_date: null },
    { id: '5', name: 'Audit', parent_id: '2', start_date: '2026-10-20', end_date: null },
  ];
  const lane = initiativeLane(items);

  it('lists parents before their children, siblings by start date', () => {
    expect(lane.rows.map((r) => [r.bar.name, r.depth, r.parentName])).toEqual([
      ['Self-serve', 0, null],
      ['Enterprise', 0, null],
      ['Audit', 1, 'Enterprise'],
      ['SSO', 1, 'Enterprise'],
    ]);
    expect(lane.unscheduled).toEqual([{ id: '4', name: 'Reporting' }]);
    expect(lane.total).toBe(5);
  });

  it('uses the initiative’s own colour, else its status colour', () => {
    const bars = Object.fromEntries(lane.rows.map((r) => [r.bar.name, r.bar]));
    expect(bars.SSO?.color).toBe('#5b7fa6');
    expect(bars.Enterprise?.color).toBe('#a4c993');
    expect(bars.SSO?.href).toBe('/initiatives/3');
  });

  it('draws a record with one date as that day, open on the other side', () => {
    expect(lane.rows[2]?.bar.span).toEqual({ start: '2026-10-20', end: '2026-10-20', open: 'end' });
    expect(initiativeDates(lane)).toContain('2027-06-30');
  });
});

describe('epicLane', () => {
  const items: EpicListItem[] = [
    {
      id: '3',
      name: 'Integrations',
      start_date: '2026-12-21',
      due_date: '2027-02-04',
      release: releaseRef('3', 'Summer', '2026-12-17', '2027-02-09'),
    },
    {
      id: '2',
      name: 'Roadmaps',
      start_date: '2026-11-01',
      due_date: '2026-12-16',
      release: releaseRef('2', 'Spring', '2026-11-01', '2026-12-16'),
    },
    {
      id: '1',
      name: 'Identity',
      start_date: '2026-08-23',
      due_date: '2026-12-06',
      progress: 67,
      release: releaseRef('2', 'Spring', '2026-11-01', '2026-12-16'),
    },
    { id: '4', name: 'Loose', start_date: '2026-09-01', due_date: '2026-09-30' },
    {
      id: '5',
      name: 'Undated',
      start_date: null,
      due_date: null,
      release: releaseRef('2', 'Spring', null, null),
    },
  ];
  const lane = epicLane(items);

  it('groups epics under their release in release date order, epics without one last', () => {
    expect(lane.rows.map((g) => [g.key, g.name, g.rows.map((r) => r.name)])).toEqual([
      ['2', 'Spring', ['Identity', 'Roadmaps']],
      ['3', 'Summer', ['Integrations']],
      ['none', 'No release', ['Loose']],
    ]);
    expect(lane.rows[0]?.span).toEqual({ start: '2026-11-01', end: '2026-12-16', open: null });
    expect(lane.rows[2]?.span).toBeNull();
  });

  it('lists epics without dates, and links the rest', () => {
    expect(lane.unscheduled).toEqual([{ id: '5', name: 'Undated' }]);
    expect(lane.rows[0]?.rows[0]).toMatchObject({ href: '/epics/1', progress: 67 });
    expect(epicDates(lane)).toEqual(expect.arrayContaining(['2026-08-23', '2027-02-04', '2026-09-30']));
  });
});

describe('the words on a bar', () => {
  it('says the dates, how far along and the status in the tooltip', () => {
    const title = barTitle({
      name: 'Spring launch',
      progress: 40,
      status: 'In progress',
      span: { start: '2026-11-01', end: '2026-12-16', open: null },
    });
    expect(title).toMatch(/^Spring launch, .*2026 – .*2026, 40% done \(In progress\)$/);
    expect(
      barTitle({
        name: 'X',
        progress: 0,
        status: null,
        span: { start: '2026-11-01', end: '2026-11-01', open: 'end' },
      }),
    ).toMatch(/^X, .*2026 – no end date, 0% done$/);
  });

  it('names the missing date', () => {
    expect(spanText({ start: '2026-03-01', end: '2026-03-01', open: 'start' })).toMatch(/^no start date – /);
  });

  it('lists at most a few names without dates, then how many more', () => {
    const items = ['A', 'B', 'C', 'D'].map((name, i) => ({ id: String(i), name }));
    expect(unscheduledText(items)).toBe('A, B, C, D');
    expect(unscheduledText(items, 2)).toBe('A, B, and 2 more');
  });
});
