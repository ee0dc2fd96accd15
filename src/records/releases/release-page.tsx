// One release in full: what it is (status, dates, progress, capacity, theme — the facts the
// workspace's Release layout puts on the page, by its sections, custom fields included), how it is
// planned (phases and milestones) and what is in it (features).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { releaseQueries } from '../../api/releases';
import type { Release } from '../../contract/releases';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { personName } from '../../ui/detail-list';
import { formatDate } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { CAPACITY_UNIT_LABELS, EXTERNAL_DATE_RESOLUTION_LABELS, sourceLabel } from '../../ui/labels';
import { LayoutDetails, type DetailFacts } from '../../ui/layout-details';
import { detailSections } from '../../ui/layout-model';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { RecordGate } from '../../ui/record-gate';
import { RecordHeader } from '../../ui/screen-header';
import { StatusPill } from '../../ui/status-pill';
import { usePageLayout } from '../../ui/use-workspace-layout';
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

/** The release's standard fields as its page shows them, by the layout's keys. */
function releaseFacts(release: Release, parentName: string | null): DetailFacts {
  const external = release.external_date_resolution;
  return {
    owner: { value: personName(release.owner) },
    workflow_status: { value: <StatusPill status={release.workflow_status} /> },
    parent_id: {
      value: release.parent_id ? <Link to={paths.release(release.parent_id)}>{parentName ?? `Release ${release.parent_id}`}</Link> : null,
    },
    theme: {
      block: (
        <>
          <h3 className="record-card__subtitle">Theme</h3>
          <HtmlView html={release.theme?.body} emptyText="No theme written yet." />
        </>
      ),
    },
    dates: {
      pairs: [
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
      ],
    },
    capacity: {
      pairs: [
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
      ],
    },
    parking_lot: { value: release.parking_lot ? 'Yes' : 'No' },
  };
}

/** The facts the layout puts on the page: its main sections as wide cards, its side ones beside them. */
function ReleaseFacts({ release }: { release: Release }) {
  const layout = usePageLayout(release.product_id, 'Release');
  const parent = useQuery({ ...releaseQueries.detail(release.parent_id ?? ''), enabled: release.parent_id !== null });
  const facts = releaseFacts(release, parent.data ? `${parent.data.reference_num} ${parent.data.name}` : null);
  const details = { layout, facts, record: release, skip: ['name'], idPrefix: 'release' };
  const hasSide = detailSections(layout, details.skip).some((s) => s.column === 'side');
  const main = <LayoutDetails {...details} column="main" listLayout="grid" />;
  if (!hasSide) return main;
  return (
    <div className="layout-2col">
      <div className="stack">{main}</div>
      <aside className="stack">
        <LayoutDetails {...details} column="side" />
      </aside>
    </div>
  );
}

function ReleaseDetails({ release }: { release: Release }) {
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

      <ReleaseFacts release={release} />

      <PhaseSection release={release} />
      <ReleaseFeatures release={release} />
      <RecordActivity kind="releases" id={release.id} productId={release.product_id} commentCount={release.comments_count} />
    </div>
  );
}
