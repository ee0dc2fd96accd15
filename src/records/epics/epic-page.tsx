// One epic, everything about it on one screen: where it is planned (release, initiative, team), who
// works on it, its dates and where they come from, how big it is and how far along, its custom
// fields, its description (sanitised HTML) and its features, with edit and delete. Every number on
// it (the bar, "n of m complete", the table) comes from the queries, never from a copy.
import { useNavigate } from 'react-router-dom';
import { epicQueries, useDeleteEpic } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { DetailList } from '../../ui/detail-list';
import { formatDate } from '../../ui/format';
import { sourceLabel } from '../../ui/labels';
import { paths } from '../../ui/paths';
import { DescriptionFiles } from '../../ui/description-files';
import { keyedLink, RecordCard, WorkItemBody, WorkItemHeader } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { EpicFeatures } from './epic-features';

function customFieldText(value: string | number | null, type: string): string | null {
  if (value === null || value === '') return null;
  if (type === 'date' && typeof value === 'string') return formatDate(value, value);
  return String(value);
}

function EpicDetails({ record: e }: { record: Epic }) {
  const navigate = useNavigate();
  const del = useDeleteEpic();
  const unlinked = e.features_count === 1 ? 'feature stays' : `${e.features_count} features stay`;

  return (
    <div className="stack">
      <WorkItemHeader
        item={e}
        trail={[{ label: 'Epics', to: paths.epics(e.product_id) }]}
        editHref={paths.editEpic(e.reference_num)}
        noun="epic"
        actions={
          // A new feature starts in the epic's release, inside the epic and under its initiative.
          <ButtonLink
            to={paths.newFeature(e.product_id, {
              release: e.release.id,
              epic: e.id,
              ...(e.initiative ? { initiative: e.initiative.id } : {}),
            })}
          >
            New feature in this epic
          </ButtonLink>
        }
        deletion={{
          mutation: del,
          onConfirm: () => del.mutate(e.id, { onSuccess: () => navigate(paths.epics(e.product_id), { replace: true }) }),
          children: (
            <>
              “{e.name}” will be moved to the recycle bin, where it can be restored for 30 days.
              {e.features_count > 0 ? ` Its ${unlinked} in the release, without an epic.` : null}
            </>
          ),
        }}
      />

      <WorkItemBody
        item={e}
        noun="epic"
        main={
          <>
            <EpicFeatures epic={e} />
            <RecordActivity kind="epics" id={e.id} productId={e.product_id} commentCount={e.comments_count} />
          </>
        }
        files={<DescriptionFiles kind="epic" owner={{ collection: 'epics', id: e.id }} attachments={e.description?.attachments} />}
        placement={[
          { label: 'Initiative', value: keyedLink(e.initiative, paths.initiative) },
          { label: 'Dates from', value: sourceLabel(e.duration_source) },
        ]}
      >
        {e.custom_fields.length > 0 ? (
          <RecordCard id="epic-custom-fields" title="Custom fields">
            <DetailList items={e.custom_fields.map((cf) => ({ label: cf.name, value: customFieldText(cf.value, cf.type) }))} />
          </RecordCard>
        ) : null}
      </WorkItemBody>
    </div>
  );
}

export const EpicPage = recordRoute('epicId', epicQueries.detail, 'epic', EpicDetails);
