// One feature, everything about it on one screen: where it is planned (release, phase, team), who
// works on it, how big it is and how far along, its description (sanitised HTML) and its
// requirements, with edit and delete. The side column is the one epics show too, drawn from the
// workspace's Feature layout: its sections on the page, in order, custom fields included.
import { useNavigate } from 'react-router-dom';
import { featureQueries, useDeleteFeature } from '../../api/features';
import type { Feature } from '../../contract/features';
import { RecordActivity } from '../../ui/record-activity';
import { paths } from '../../ui/paths';
import { DescriptionFiles } from '../../ui/description-files';
import { formatDate } from '../../ui/format';
import { keyedLink, WorkItemBody, WorkItemHeader } from '../../ui/record-parts';
import { usePageLayout } from '../../ui/use-workspace-layout';
import { recordRoute } from '../../ui/record-gate';
import { FeatureRequirements } from './feature-requirements';

function FeatureDetails({ record: f }: { record: Feature }) {
  const navigate = useNavigate();
  const del = useDeleteFeature();
  const layout = usePageLayout(f.product_id, 'Feature');

  return (
    <div className="stack">
      <WorkItemHeader
        item={f}
        trail={[
          { label: 'Releases', to: paths.releases(f.product_id) },
          { label: f.release.reference_num, to: paths.release(f.release.id) },
        ]}
        editHref={paths.editFeature(f.reference_num)}
        noun="feature"
        deletion={{
          mutation: del,
          onConfirm: () => del.mutate(f.id, { onSuccess: () => navigate(paths.features(f.product_id), { replace: true }) }),
          children: `“${f.name}” and its requirements will be moved to the recycle bin, where they can be restored for 30 days.`,
        }}
      />

      <WorkItemBody
        item={f}
        noun="feature"
        main={
          <>
            <FeatureRequirements feature={f} />
            <RecordActivity kind="features" id={f.id} productId={f.product_id} commentCount={f.comments_count} />
          </>
        }
        files={<DescriptionFiles kind="feature" owner={{ collection: 'features', id: f.id }} attachments={f.description?.attachments} />}
        layout={layout}
        facts={{
          release_phase: { value: f.belongs_to_release_phase?.name },
          workflow_kind: { value: f.workflow_kind?.name },
          initiative: { value: keyedLink(f.initiative, paths.initiative) },
          epic: { value: keyedLink(f.epic, paths.epic) },
        }}
        // A feature's dates are no field of the layout catalogue: they stay with the record's details.
        extra={[
          { label: 'Start date', value: formatDate(f.start_date) },
          { label: 'Due date', value: formatDate(f.due_date) },
        ]}
      />
    </div>
  );
}

export const FeaturePage = recordRoute('featureId', featureQueries.detail, 'feature', FeatureDetails);
