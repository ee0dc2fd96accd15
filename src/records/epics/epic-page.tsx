// One epic, everything about it on one screen: where it is planned (release, initiative, team), who
// works on it, its dates and where they come from, how big it is and how far along, its custom
// fields, its description (sanitised HTML) and its features, with edit and delete. Every number on
// it (the bar, "n of m complete", the table) comes from the queries, never from a copy. The side
// column is the one features show too, drawn from the workspace's Epic layout: its sections on the
// page, in order, custom fields where it places them (a value of a field it leaves out is not shown).
import { useNavigate } from 'react-router-dom';
import { epicQueries, useDeleteEpic } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { formatDate } from '../../ui/format';
import { sourceLabel } from '../../ui/labels';
import { paths } from '../../ui/paths';
import { DescriptionFiles } from '../../ui/description-files';
import { keyedLink, WorkItemBody, WorkItemHeader } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { usePageLayout } from '../../ui/use-workspace-layout';
import { EpicFeatures } from './epic-features';

function EpicDetails({ record: e }: { record: Epic }) {
  const navigate = useNavigate();
  const del = useDeleteEpic();
  const unlinked = e.features_count === 1 ? 'feature stays' : `${e.features_count} features stay`;
  const layout = usePageLayout(e.product_id, 'Epic');

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
        layout={layout}
        facts={{
          initiative: { value: keyedLink(e.initiative, paths.initiative) },
          dates: {
            pairs: [
              { label: 'Start date', value: formatDate(e.start_date) },
              { label: 'Due date', value: formatDate(e.due_date) },
              { label: 'Dates from', value: sourceLabel(e.duration_source) },
            ],
          },
        }}
      />
    </div>
  );
}

export const EpicPage = recordRoute('epicId', epicQueries.detail, 'epic', EpicDetails);
