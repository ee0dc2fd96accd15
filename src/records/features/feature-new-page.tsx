// Creating a feature: the form's choices (releases with their units, statuses, kinds, users,
// teams) are fetched first so the form renders once with its defaults, the `?release=` one
// preselected.
import { useParams, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { FeatureForm } from './feature-form';
import { useFeatureFormChoices } from './feature-form-choices';
import './features.css';

export function FeatureNewPage() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const { choices, error, isFetching, refetch } = useFeatureFormChoices(productId);

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
          Every feature is planned into a release, and this workspace has none yet.
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <FeatureForm
        productId={productId}
        choices={choices}
        initialRelease={params.get('release')}
        initialEpic={params.get('epic')}
        initialInitiative={params.get('initiative')}
      />
    );
  }

  return (
    <div className="stack">
      <PageHeader title="New feature" eyebrow={<ButtonLink to={paths.features(productId)} variant="ghost" size="sm">← Features</ButtonLink>} />
      {body}
    </div>
  );
}
