// Editing an initiative: fetch it, then its workspace's choices, then render the form with the
// initiative as its defaults — the form never resets under the person's hands.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { initiativeQueries, useUpdateInitiative } from '../../api/initiatives';
import { rememberProductId } from '../../api/workspace';
import type { Initiative } from '../../contract/initiatives';
import { ButtonLink } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { InitiativeForm } from './initiative-form';
import { useInitiativeFormChoices } from './initiative-form-choices';
import './initiatives.css';

export function InitiativeEditPage() {
  const { initiativeId = '' } = useParams();
  const initiative = useQuery(initiativeQueries.detail(initiativeId));
  const productId = initiative.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (initiative.isPending) return <Loading label="Loading the initiative…" />;
  if (initiative.isError) {
    const missing = initiative.error.status === 404;
    return (
      <div className="stack">
        <PageHeader title={missing ? 'Initiative not found' : 'Edit initiative'} />
        <div className="card">
          <ErrorState
            error={initiative.error}
            title={missing ? 'This initiative does not exist' : undefined}
            onRetry={missing ? undefined : () => void initiative.refetch()}
            retrying={initiative.isFetching}
            action={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}
          />
        </div>
      </div>
    );
  }
  return <EditInitiative key={initiative.data.id} initiative={initiative.data} />;
}

function EditInitiative({ initiative }: { initiative: Initiative }) {
  const navigate = useNavigate();
  const update = useUpdateInitiative();
  const { choices, error, isFetching, refetch } = useInitiativeFormChoices(initiative.product_id);
  return (
    <div className="stack">
      <title>{`Edit ${initiative.name} · Planner`}</title>
      <PageHeader
        eyebrow={
          <Link to={paths.initiative(initiative.id)}>
            <span className="mono">{initiative.reference_num}</span> {initiative.name}
          </Link>
        }
        title={`Edit ${initiative.name}`}
      />
      {error ? (
        <div className="card">
          <ErrorState error={error} onRetry={refetch} retrying={isFetching} />
        </div>
      ) : !choices ? (
        <Loading label="Loading the form…" />
      ) : (
        <InitiativeForm
          initiative={initiative}
          choices={choices}
          cancelHref={paths.initiative(initiative.id)}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync({ id: initiative.id, input });
            navigate(paths.initiative(saved.id));
          }}
        />
      )}
    </div>
  );
}
