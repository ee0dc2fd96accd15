// Editing a feature: fetch the feature, then its workspace's choices, then render the form with
// the feature as its defaults — the form never resets under the person's hands.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { rememberProductId } from '../../api/workspace';
import { featureQueries } from '../../api/features';
import type { Feature } from '../../contract/features';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { FeatureForm } from './feature-form';
import { useFeatureFormChoices } from './feature-form-choices';
import './features.css';

export function FeatureEditPage() {
  const { featureId = '' } = useParams();
  const feature = useQuery(featureQueries.detail(featureId));
  // Opening a feature of another workspace switches the sidebar (and its links) to that workspace.
  const productId = feature.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (feature.isPending) return <Loading label="Loading the feature…" />;
  if (feature.isError) {
    return (
      <ErrorState
        error={feature.error}
        title={feature.error.status === 404 ? 'This feature does not exist' : undefined}
        onRetry={feature.error.status === 404 ? undefined : () => void feature.refetch()}
        retrying={feature.isFetching}
      />
    );
  }
  return <EditFeature feature={feature.data} />;
}

function EditFeature({ feature }: { feature: Feature }) {
  const { choices, error, isFetching, refetch } = useFeatureFormChoices(feature.product_id);
  return (
    <div className="stack">
      <PageHeader
        eyebrow={
          <Link to={paths.feature(feature.reference_num)}>
            <span className="mono">{feature.reference_num}</span> {feature.name}
          </Link>
        }
        title={`Edit ${feature.name}`}
      />
      {error ? (
        <ErrorState error={error} onRetry={refetch} retrying={isFetching} />
      ) : !choices ? (
        <Loading label="Loading the form…" />
      ) : (
        <FeatureForm key={feature.id} productId={feature.product_id} choices={choices} feature={feature} />
      )}
    </div>
  );
}
