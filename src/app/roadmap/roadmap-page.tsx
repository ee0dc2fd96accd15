// The Roadmap screen of one workspace: releases (with phases and milestones), initiatives (by
// roll-up depth) and epics (by release) on one timeline, zoomable by month or quarter, with lanes
// that can be hidden. Each lane loads on its own, so a lane whose service fails shows its error in
// place while the others stay usable.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { roadmapQueries } from '../../api/roadmap';
import { todayIso } from '../../domain/dates';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader, screenTitle, useWorkspaceName } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import {
  LANE_TITLES,
  epicDates,
  epicLane,
  initiativeDates,
  initiativeLane,
  releaseDates,
  releaseLane,
  unscheduledText,
  type LaneKind,
} from './lanes';
import { ZOOMS, type Zoom } from './layout';
import { EpicRows, InitiativeRows, ReleaseRows } from './roadmap-rows';
import { RoadmapTimeline, type TimelineLane } from './roadmap-timeline';
import './roadmap.css';

const LANES: readonly LaneKind[] = ['releases', 'initiatives', 'epics'];

const ZOOM_LABELS: Readonly<Record<Zoom, string>> = { month: 'Month', quarter: 'Quarter' };

export const EMPTY_ROADMAP_TITLE = 'Nothing on the roadmap yet — give releases, initiatives or epics dates';

export interface RoadmapPageProps {
  productId: string;
  zoom: Zoom;
  onZoomChange: (zoom: Zoom) => void;
  /** Injectable for tests; defaults to today in UTC. */
  today?: string;
}

export function RoadmapPage({ productId, zoom, onZoomChange, today = todayIso() }: RoadmapPageProps) {
  const queries = roadmapQueries.product(productId);
  const releases = useQuery(queries.releases);
  const initiatives = useQuery(queries.initiatives);
  const epics = useQuery(queries.epics);
  const workspaceName = useWorkspaceName(productId);
  const [shown, setShown] = useState<Record<LaneKind, boolean>>({
    releases: true,
    initiatives: true,
    epics: true,
  });

  const releaseModel = useMemo(() => (releases.data ? releaseLane(releases.data) : null), [releases.data]);
  const initiativeModel = useMemo(
    () => (initiatives.data ? initiativeLane(initiatives.data) : null),
    [initiatives.data],
  );
  const epicModel = useMemo(() => (epics.data ? epicLane(epics.data) : null), [epics.data]);

  const header = (
    <>
      <title>{screenTitle('Roadmap', workspaceName)}</title>
      <PageHeader
        title="Roadmap"
        workspace={productId}
        meta={
          releaseModel || initiativeModel || epicModel ? (
            <span>
              {[
                releaseModel ? plural(releaseModel.rows.length, 'release') : null,
                initiativeModel ? plural(initiativeModel.rows.length, 'initiative') : null,
                epicModel
                  ? plural(
                      epicModel.rows.reduce((n, g) => n + g.rows.length, 0),
                      'epic',
                    )
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}{' '}
              on the timeline
            </span>
          ) : undefined
        }
      />
    </>
  );

  if (releases.isPending || initiatives.isPending || epics.isPending) {
    return (
      <>
        {header}
        <div className="card card--flush">
          <Loading label="Loading the roadmap…" variant="skeleton" rows={8} />
        </div>
      </>
    );
  }

  // Nothing came back at all: one message and one retry, not three of each.
  if (releases.isError && initiatives.isError && epics.isError) {
    return (
      <>
        {header}
        <div className="card">
          <ErrorState
            error={releases.error}
            title="The roadmap could not be loaded"
            retrying={releases.isFetching || initiatives.isFetching || epics.isFetching}
            onRetry={() => {
              void releases.refetch();
              void initiatives.refetch();
              void epics.refetch();
            }}
          />
        </div>
      </>
    );
  }

  const drawn = {
    releases: releaseModel?.rows.length ?? 0,
    initiatives: initiativeModel?.rows.length ?? 0,
    epics: epicModel?.rows.reduce((n, g) => n + g.rows.length, 0) ?? 0,
  };
  const allLoaded = releaseModel !== null && initiativeModel !== null && epicModel !== null;
  if (allLoaded && drawn.releases + drawn.initiatives + drawn.epics === 0) {
    const unscheduled = [
      ['releases', releaseModel.unscheduled],
      ['initiatives', initiativeModel.unscheduled],
      ['epics', epicModel.unscheduled],
    ] as const;
    return (
      <>
        {header}
        <div className="card rm-empty">
          <EmptyState
            title={EMPTY_ROADMAP_TITLE}
            action={
              <>
                <ButtonLink to={paths.releases(productId)} variant="primary">
                  Go to releases
                </ButtonLink>
                <ButtonLink to={paths.initiatives(productId)}>Go to initiatives</ButtonLink>
                <ButtonLink to={paths.epics(productId)}>Go to epics</ButtonLink>
              </>
            }
          >
            <p>
              Bars are drawn from start and end dates: release dates, initiative dates and epic start and due
              dates.
            </p>
            {unscheduled.some(([, items]) => items.length > 0) ? (
              <ul className="rm-empty-list">
                {unscheduled.map(([kind, items]) =>
                  items.length > 0 ? (
                    <li key={kind}>
                      {LANE_TITLES[kind]} with no dates ({items.length}): {unscheduledText(items)}
                    </li>
                  ) : null,
                )}
              </ul>
            ) : null}
          </EmptyState>
        </div>
      </>
    );
  }

  const lanes: TimelineLane[] = [];
  const dates: string[] = [];
  if (shown.releases) {
    if (releaseModel) {
      dates.push(...releaseDates(releaseModel));
      lanes.push({
        kind: 'releases',
        content: {
          status: 'ready',
          drawn: drawn.releases,
          total: releaseModel.total,
          unscheduled: releaseModel.unscheduled,
          render: (scale) => <ReleaseRows rows={releaseModel.rows} scale={scale} />,
        },
      });
    } else {
      lanes.push({
        kind: 'releases',
        content: {
          status: 'error',
          error: releases.error,
          onRetry: () => void releases.refetch(),
          retrying: releases.isFetching,
        },
      });
    }
  }
  if (shown.initiatives) {
    if (initiativeModel) {
      dates.push(...initiativeDates(initiativeModel));
      lanes.push({
        kind: 'initiatives',
        content: {
          status: 'ready',
          drawn: drawn.initiatives,
          total: initiativeModel.total,
          unscheduled: initiativeModel.unscheduled,
          render: (scale) => <InitiativeRows rows={initiativeModel.rows} scale={scale} />,
        },
      });
    } else {
      lanes.push({
        kind: 'initiatives',
        content: {
          status: 'error',
          error: initiatives.error,
          onRetry: () => void initiatives.refetch(),
          retrying: initiatives.isFetching,
        },
      });
    }
  }
  if (shown.epics) {
    if (epicModel) {
      dates.push(...epicDates(epicModel));
      lanes.push({
        kind: 'epics',
        content: {
          status: 'ready',
          drawn: drawn.epics,
          total: epicModel.total,
          unscheduled: epicModel.unscheduled,
          render: (scale) => <EpicRows groups={epicModel.rows} scale={scale} />,
        },
      });
    } else {
      lanes.push({
        kind: 'epics',
        content: {
          status: 'error',
          error: epics.error,
          onRetry: () => void epics.refetch(),
          retrying: epics.isFetching,
        },
      });
    }
  }

  return (
    <>
      {header}
      <div className="rm-toolbar">
        <ZoomControl zoom={zoom} onChange={onZoomChange} />
        <fieldset className="rm-filters">
          <legend className="rm-toolbar__label">Show</legend>
          {LANES.map((kind) => (
            <label key={kind} className="rm-filters__option">
              <input
                type="checkbox"
                checked={shown[kind]}
                onChange={(e) => setShown((current) => ({ ...current, [kind]: e.target.checked }))}
              />
              {LANE_TITLES[kind]}
            </label>
          ))}
        </fieldset>
        <span className="spacer" />
        <Legend />
      </div>
      {lanes.length === 0 ? (
        <div className="card">
          <EmptyState title="All lanes are hidden">
            Tick Releases, Initiatives or Epics above to show them.
          </EmptyState>
        </div>
      ) : (
        <RoadmapTimeline zoom={zoom} today={today} dates={dates} lanes={lanes} />
      )}
    </>
  );
}

function ZoomControl({ zoom, onChange }: { zoom: Zoom; onChange: (zoom: Zoom) => void }) {
  return (
    <div className="rm-zoom">
      <span className="rm-toolbar__label" id="rm-zoom-label">
        Zoom
      </span>
      <div className="rm-seg" role="radiogroup" aria-labelledby="rm-zoom-label">
        {ZOOMS.map((value) => (
          <label key={value} className="rm-seg__option">
            <input
              type="radio"
              name="roadmap-zoom"
              value={value}
              checked={zoom === value}
              onChange={() => onChange(value)}
              className="rm-seg__input"
            />
            {ZOOM_LABELS[value]}
          </label>
        ))}
      </div>
    </div>
  );
}

function Legend() {
  return (
    <ul className="rm-legend" aria-label="Legend">
      <li>
        <span className="rm-legend__bar" aria-hidden="true" />
        Progress filled in
      </li>
      <li>
        <span className="rm-legend__phase" aria-hidden="true" />
        Phase
      </li>
      <li>
        <span className="rm-legend__milestone" aria-hidden="true" />
        Milestone
      </li>
    </ul>
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
