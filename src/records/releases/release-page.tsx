// One release in full: what it is (status, dates, progress, capacity, theme), how it is planned
// (phases and milestones) and what is in it (features).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { releaseQueries } from '../../api/releases';
import type { Release } from '../../contract/releases';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { DetailList, personName } from '../../ui/detail-list';
import { formatDate } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { CAPACITY_UNIT_LABELS, EXTERNAL_DATE_RESOLUTION_LABELS, sourceLabel } from '../../ui/labels';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { RecordCard } from '../../ui/record-parts';
import { RecordGate } from '../../ui/record-gate';
import { RecordHeader } from '../../ui/screen-header';
import { StatusPill } from '../../ui/status-pill';
import { PhaseSection } from './phase-section';
import { ReleaseFeatures } from './release-features';

export function ReleasePage({ releaseId }: { releaseId: string }) {
  const release = useQuery(releaseQueries.detail(releaseId));
  return (
    <RecordGate query={release} noun="release">
      {(r) => <ReleaseDetails release={r} />}
    </RecordGate>
  );
}

function ReleaseDetails({ release }: { release: Release }) {
  const parent = useQuery({ ...releaseQueries.detail(release.parent_id ?? ''), enabled: release.parent_id !== null });
  const external = release.external_date_resolution;
  return (
    <div className="stack">
      <RecordHeader
        record={release}
        trail={[{ label: 'Releases', to: paths.releases(release.product_id) }]}
        meta={
          <>
            <StatusPill status={release.workflow_status} />
            {release.parking_lot ? <span className="tag tag--parking">Parking lot</span> : null}
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

      <RecordCard id="overview-heading" title="Overview" hideTitle>
        <DetailList
          layout="grid"
          items={[
            { label: 'Start date', value: formatDate(release.start_date) },
            { label: 'End date', value: formatDate(release.end_date) },
            { label: 'Release date', value: formatDate(release.release_date) },
            { label: 'Development started', value: formatDate(release.development_started_on) },
            {
              label: 'External release date',
              value: (
                <>
                  {formatDate(release.external_release_date)}
                  {release.external_release_date && external ? (
                    <span className="detail-list__note">{EXTERNAL_DATE_RESOLUTION_LABELS[external]}</span>
                  ) : null}
                </>
              ),
            },
            { label: 'Dates from', value: sourceLabel(release.duration_source) },
            {
              label: 'Progress',
              value: (
                <>
                  <ProgressBar value={release.progress} label={`Progress of ${release.name}`} />
                  <span className="detail-list__note">{sourceLabel(release.progress_source)}</span>
                </>
              ),
            },
            { label: 'Capacity units', value: CAPACITY_UNIT_LABELS[release.capacity_units] },
            { label: 'Total capacity', value: release.total_capacity_text },
            { label: 'Owner', value: personName(release.owner) },
            {
              label: 'Parent release',
              value: release.parent_id ? (
                <Link to={paths.release(release.parent_id)}>
                  {parent.data ? `${parent.data.reference_num} ${parent.data.name}` : `Release ${release.parent_id}`}
                </Link>
              ) : null,
            },
          ]}
        />
        <h3 className="record-card__subtitle">Theme</h3>
        <HtmlView html={release.theme?.body} emptyText="No theme written yet." />
      </RecordCard>

      <PhaseSection release={release} />
      <ReleaseFeatures release={release} />
      <RecordActivity kind="releases" id={release.id} productId={release.product_id} commentCount={release.comments_count} />
    </div>
  );
}
