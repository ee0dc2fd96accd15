// One epic, everything about it on one screen: where it is planned (release, initiative, team), who
// works on it, its dates and where they come from, how big it is and how far along, its custom
// fields, its description (sanitised HTML) and its features, with edit and delete. Every number on
// it (the bar, "n of m complete", the table) comes from the queries, never from a copy.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { epicQueries, useDeleteEpic } from '../../api/epics';
import type { User } from '../../contract/account';
import type { CustomFieldValue } from '../../contract/custom-fields';
import type { Epic } from '../../contract/epics';
import { webAddressProblem } from '../../domain/web-address';
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

/**
 * A custom field's value as shown: lists joined (people by name when the users are known, else by
 * id), dates formatted, a web address as a link that opens apart from the app (only http and https:
 * a hosted value such as `www.acme.com` stays text).
 */
function customFieldValue(cf: CustomFieldValue, users: readonly User[] | undefined): ReactNode {
  const { value, type } = cf;
  if (value === null || value === '') return null;
  if (Array.isArray(value)) {
    const named =
      type === 'users' ? value.map((id) => users?.find((u) => u.id === id)).map((u, i) => (u ? u.name || u.email : value[i])) : value;
    return named.length > 0 ? named.join(', ') : null;
  }
  if (type === 'date' && typeof value === 'string') return formatDate(value, value);
  if (type === 'url' && typeof value === 'string' && webAddressProblem(value) === null) {
    return (
      <a href={value} target="_blank" rel="noopener noreferrer">
        {value}
      </a>
    );
  }
  return String(value);
}

function EpicDetails({ record: e }: { record: Epic }) {
  const navigate = useNavigate();
  const del = useDeleteEpic();
  const unlinked = e.features_count === 1 ? 'feature stays' : `${e.features_count} features stay`;
  // People in a users field are shown by name: the account's users, read only when one is set.
  const namesPeople = e.custom_fields.some((cf) => cf.type === 'users' && Array.isArray(cf.value) && cf.value.length > 0);
  const users = useQuery({ ...accountQueries.users(), enabled: namesPeople }).data?.users;

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
            <DetailList items={e.custom_fields.map((cf) => ({ label: cf.name, value: customFieldValue(cf, users) }))} />
          </RecordCard>
        ) : null}
      </WorkItemBody>
    </div>
  );
}

export const EpicPage = recordRoute('epicId', epicQueries.detail, 'epic', EpicDetails);
