// Creating a feature: the form renders once its choices have arrived, with the `?release=`,
// `?epic=` and `?initiative=` ones preselected; a workspace without releases is sent to make one.
import { useParams, useSearchParams } from 'react-router-dom';
import { ChoicesGate, NewRecordPage, NoReleasesYet } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { FeatureForm } from './feature-form';
import { useFeatureFormChoices } from './feature-form-choices';
import './features.css';

export function FeatureNewPage() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <NewRecordPage title="New feature" back={{ to: paths.features(productId), label: 'Features' }}>
      <ChoicesGate state={useFeatureFormChoices(productId)}>
        {(choices) =>
          choices.releases.length === 0 ? (
            <NoReleasesYet productId={productId} noun="feature" />
          ) : (
            <FeatureForm
              productId={productId}
              choices={choices}
              initialRelease={params.get('release')}
              initialEpic={params.get('epic')}
              initialInitiative={params.get('initiative')}
            />
          )
        }
      </ChoicesGate>
    </NewRecordPage>
  );
}
