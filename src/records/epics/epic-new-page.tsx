// Creating an epic: the form renders once its choices have arrived, with the `?release=` and
// `?initiative=` ones preselected; a workspace without releases is sent to make one.
import { useParams } from 'react-router-dom';
import { NewWorkItemPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { EpicForm } from './epic-form';
import { useEpicFormChoices } from './epic-form-choices';
import './epics.css';

export function EpicNewPage() {
  const { productId = '' } = useParams();
  return (
    <NewWorkItemPage
      title="New epic"
      back={{ to: paths.epics(productId), label: 'Epics' }}
      productId={productId}
      noun="epic"
      choices={useEpicFormChoices(productId)}
    >
      {(choices, params) => (
        <EpicForm
          productId={productId}
          choices={choices}
          initialRelease={params.get('release')}
          initialInitiative={params.get('initiative')}
        />
      )}
    </NewWorkItemPage>
  );
}
