// Creating a feature: the form renders once its choices have arrived, with the `?release=`,
// `?epic=` and `?initiative=` ones preselected; a workspace without releases is sent to make one.
import { useParams } from 'react-router-dom';
import { NewWorkItemPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { FeatureForm } from './feature-form';
import { useFeatureFormChoices } from './feature-form-choices';
import './features.css';

export function FeatureNewPage() {
  const { productId = '' } = useParams();
  return (
    <NewWorkItemPage
      title="New feature"
      back={{ to: paths.features(productId), label: 'Features' }}
      productId={productId}
      noun="feature"
      choices={useFeatureFormChoices(productId)}
    >
      {(choices, params) => (
        <FeatureForm
          productId={productId}
          choices={choices}
          initialRelease={params.get('release')}
          initialEpic={params.get('epic')}
          initialInitiative={params.get('initiative')}
        />
      )}
    </NewWorkItemPage>
  );
}
