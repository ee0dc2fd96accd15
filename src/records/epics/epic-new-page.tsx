// Creating an epic: the form's choices (releases with their units, statuses, initiatives, users,
// teams, custom fields) are fetched first so the form renders once with its defaults, the
// `?release=` and `?initiative=` ones preselected.
import { useParams, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { EpicForm } from './epic-form';
import { useEpicFormChoices } from './epic-form-choices';
import './epics.css';

export function EpicNewPage() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const { choices, error, isFetching, refetch } = useEpicFormChoices(productId);

  let body;
  if (error) body = <ErrorState error={error} onRetry={refetch} retrying={isFetching} />;
  else if (!choices) body = <Loading label="Loading the form…" />;
  else if (choices.releases.length === 0) {
    body = (
      <div className="card">
        <EmptyState
          title="Create a release first"
          action={
            <ButtonLink to={paths.newRelease(productId)} variant="primary">
              New release
            </ButtonLink>
          }
        >
          Every epic is planned into a release, and this workspace has none yet.
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <EpicForm
        productId={productId}
        choices={choices}
        initialRelease={params.get('release')}
        initialInitiative={params.get('initiative')}
      />
    );
  }

  return (
    <div className="stack">
      <PageHeader
        title="New epic"
        eyebrow={
          <ButtonLink to={paths.epics(productId)} variant="ghost" size="sm">
            ← Epics
          </ButtonLink>
        }
      />
      {body}
    </div>
  );
}
