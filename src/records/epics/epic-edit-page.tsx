// Editing an epic: fetch the epic, then its workspace's choices, then render the form with the
// epic as its defaults — the form never resets under the person's hands.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { epicQueries } from '../../api/epics';
import { rememberProductId } from '../../api/workspace';
import type { Epic } from '../../contract/epics';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { EpicForm } from './epic-form';
import { useEpicFormChoices } from './epic-form-choices';
import './epics.css';

export function EpicEditPage() {
  const { epicId = '' } = useParams();
  const epic = useQuery(epicQueries.detail(epicId));
  // Opening an epic of another workspace switches the sidebar (and its links) to that workspace.
  const productId = epic.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (epic.isPending) return <Loading label="Loading the epic…" />;
  if (epic.isError) {
    return (
      <ErrorState
        error={epic.error}
        title={epic.error.status === 404 ? 'This epic does not exist' : undefined}
        onRetry={epic.error.status === 404 ? undefined : () => void epic.refetch()}
        retrying={epic.isFetching}
        action={<Link to={paths.allEpics}>Back to all epics</Link>}
      />
    );
  }
  return <EditEpic epic={epic.data} />;
}

function EditEpic({ epic }: { epic: Epic }) {
  const { choices, error, isFetching, refetch } = useEpicFormChoices(epic.product_id);
  return (
    <div className="stack">
      <PageHeader
        eyebrow={
          <Link to={paths.epic(epic.reference_num)}>
            <span className="mono">{epic.reference_num}</span> {epic.name}
          </Link>
        }
        title={`Edit ${epic.name}`}
      />
      {error ? (
        <ErrorState error={error} onRetry={refetch} retrying={isFetching} />
      ) : !choices ? (
        <Loading label="Loading the form…" />
      ) : (
        <EpicForm key={epic.id} productId={epic.product_id} choices={choices} epic={epic} />
      )}
    </div>
  );
}
