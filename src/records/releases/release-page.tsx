// One release in full: what it is (status, dates, progress, capacity, theme), how it is planned
// (phases and milestones) and what is in it (features).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { releaseQueries } from '../../api/releases';
import type { Release } from '../../contract/releases';
import { ButtonLink } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { CAPACITY_UNIT_LABELS, EXTERNAL_DATE_RESOLUTION_LABELS, sourceLabel } from '../../ui/labels';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';
import { PhaseSection } from './phase-section';
import { ReleaseFeatures } from './release-features';

export function ReleasePage({ releaseId }: { releaseId: string }) {
  const release = useQuery(releaseQueries.detail(releaseId));
  if (release.isPending) return <Loading label="Loading the release…" />;
  if (release.isError) {
    return (
      <>
        <PageHeader title={release.error.status === 404 ? 'Release not found' : 'Release'} />
        <div className="card">
          <ErrorState
            error={release.error}
            onRetry={() => void release.refetch()}
            retrying={release.isFetching}
            action={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}
          />
        </div>
      </>
    );
  }
  return <ReleaseDetails release={release.data} />;
}

function ReleaseDetails({ release }: { release: Release }) {
  const parent = useQuery({ ...releaseQueries.detail(release.parent_id ?? ''), enabled: release.parent_id !== null });
  return (
    <>
      <title>{`${release.name} · Planner`}</title>
      <PageHeader
        eyebrow={
          <>
            <Link to={paths.releases(release.product_id)}>Releases</Link>
            <span aria-hidden="true">/</span>
            <span className="mono">{release.reference_num}</span>
            {release.parking_lot ? <span className="tag tag--parking">Parking lot</span> : null}
          </>
        }
        title={release.name}
        meta={
          <>
            <StatusPill status={release.workflow_status} />
            <span>{release.owner ? `Owner: ${release.owner.name}` : 'No owner'}</span>
            <span>
              {release.features_count} {release.features_count === 1 ? 'feature' : 'features'}
            </span>
          </>
        }
        actions={
          <>
            <ButtonLink to={paths.epics(release.product_id, { release: release.id })}>Epics</ButtonLink>
            <ButtonLink to={paths.newFeature(release.product_id, { release: release.id })}>New feature</ButtonLink>
            <ButtonLink to={paths.editRelease(release.id)} variant="primary">
              Edit release
            </ButtonLink>
          </>
        }
      />

      <section className="card stack" aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="visually-hidden">
          Overview
        </h2>
        <dl className="details">
          <Detail label="Start date">{formatDate(release.start_date)}</Detail>
          <Detail label="End date">{formatDate(release.end_date)}</Detail>
          <Detail label="Release date">{formatDate(release.release_date)}</Detail>
          <Detail label="Development started">{formatDate(release.development_started_on)}</Detail>
          <Detail label="External release date">
            {formatDate(release.external_release_date)}
            {release.external_release_date && release.external_date_resolution ? (
              <span className="faint"> ({EXTERNAL_DATE_RESOLUTION_LABELS[release.external_date_resolution]})</span>
            ) : null}
          </Detail>
          <Detail label="Dates from">{sourceLabel(release.duration_source)}</Detail>
          <Detail label="Progress">
            <ProgressBar value={release.progress} label={`Progress of ${release.name}`} />
            <span className="faint">{sourceLabel(release.progress_source)}</span>
          </Detail>
          <Detail label="Capacity units">{CAPACITY_UNIT_LABELS[release.capacity_units]}</Detail>
          <Detail label="Total capacity">{release.total_capacity_text ?? '—'}</Detail>
          <Detail label="Parent release">
            {release.parent_id ? (
              <Link to={paths.release(release.parent_id)}>
                {parent.data ? `${parent.data.reference_num} ${parent.data.name}` : `Release ${release.parent_id}`}
              </Link>
            ) : (
              '—'
            )}
          </Detail>
        </dl>
        <div className="stack">
          <h3>Theme</h3>
          <HtmlView html={release.theme?.body} emptyText="No theme written yet." />
        </div>
      </section>

      <PhaseSection release={release} />
      <ReleaseFeatures release={release} />
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
