// Creating an epic: the form renders once its choices have arrived, with the `?release=` and
// `?initiative=` ones preselected; a workspace without releases is sent to make one.
import { useParams, useSearchParams } from 'react-router-dom';
import { ChoicesGate, NewRecordPage, NoReleasesYet } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { EpicForm } from './epic-form';
import { useEpicFormChoices } from './epic-form-choices';
import './epics.css';

export function EpicNewPage() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <NewRecordPage title="New epic" back={{ to: paths.epics(productId), label: 'Epics' }}>
      <ChoicesGate state={useEpicFormChoices(productId)}>
        {(choices) =>
          choices.releases.length === 0 ? (
            <NoReleasesYet productId={productId} noun="epic" />
          ) : (
            <EpicForm
              productId={productId}
              choices={choices}
              initialRelease={params.get('release')}
              initialInitiative={params.get('initiative')}
            />
          )
        }
      </ChoicesGate>
    </NewRecordPage>
  );
}
