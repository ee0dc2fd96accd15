// Editing a feature: the feature first, then its workspace's choices, then the form with the
// feature as its defaults.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { featureQueries } from '../../api/features';
import { EditRecordPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { FeatureForm } from './feature-form';
import { useFeatureFormChoices } from './feature-form-choices';
import './features.css';

export function FeatureEditPage() {
  const { featureId = '' } = useParams();
  return (
    <EditRecordPage
      record={useQuery(featureQueries.detail(featureId))}
      noun="feature"
      href={(f) => paths.feature(f.reference_num)}
      useChoices={useFeatureFormChoices}
    >
      {(feature, choices) => <FeatureForm productId={feature.product_id} choices={choices} feature={feature} />}
    </EditRecordPage>
  );
}
