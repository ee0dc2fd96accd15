// Creating an initiative: the form renders once its choices have arrived, the `?parent=` one
// preselected; after saving, the new initiative's page opens.
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCreateInitiative } from '../../api/initiatives';
import { NewFormPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { InitiativeForm } from './initiative-form';
import { useInitiativeFormChoices } from './initiative-form-choices';
import './initiatives.css';

export function InitiativeNewPage() {
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateInitiative(productId);
  const state = useInitiativeFormChoices(productId);
  const parentParam = params.get('parent');
  const parent = parentParam ? state.choices?.initiatives.find((i) => i.id === parentParam || i.reference_num === parentParam) : undefined;
  return (
    <NewFormPage
      title={parent ? `New initiative under ${parent.name ?? parent.reference_num ?? 'its parent'}` : 'New initiative'}
      back={{ to: paths.initiatives(productId), label: 'Initiatives' }}
      choices={state}
    >
      {(choices) => (
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
    </NewFormPage>
  );
}
