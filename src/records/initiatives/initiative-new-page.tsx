// Creating an initiative: the form's choices are fetched first so the form renders once with its
// defaults, the `?parent=` one preselected; after saving, the new initiative's page opens.
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCreateInitiative } from '../../api/initiatives';
import { ButtonLink } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { InitiativeForm } from './initiative-form';
import { useInitiativeFormChoices } from './initiative-form-choices';
import './initiatives.css';

export function InitiativeNewPage() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateInitiative(productId);
  const { choices, error, isFetching, refetch } = useInitiativeFormChoices(productId);
  const parentParam = params.get('parent');
  const parent = parentParam
    ? choices?.initiatives.find((i) => i.id === parentParam || i.reference_num === parentParam)
    : undefined;

  return (
    <div className="stack">
      <title>New initiative · Planner</title>
      <PageHeader
        title={
          parent
            ? `New initiative under ${parent.name ?? parent.reference_num ?? 'its parent'}`
            : 'New initiative'
        }
        eyebrow={
          <ButtonLink to={paths.initiatives(productId)} variant="ghost" size="sm">
            ← Initiatives
          </ButtonLink>
        }
      />
      {error ? (
        <div className="card">
          <ErrorState error={error} onRetry={refetch} retrying={isFetching} />
        </div>
      ) : !choices ? (
        <Loading label="Loading the form…" />
      ) : (
        <InitiativeForm
          key={`${productId}:${parentParam ?? ''}`}
          choices={choices}
          initialParent={parentParam}
          cancelHref={parent ? paths.initiative(parent.id) : paths.initiatives(productId)}
          onSubmit={async (input) => {
            const saved = await create.mutateAsync(input);
            navigate(paths.initiative(saved.id));
          }}
        />
      )}
    </div>
  );
}
