// Creating an idea: the form renders once its choices have arrived; after saving, the idea opens.
import { useNavigate, useParams } from 'react-router-dom';
import { useCreateIdea } from '../../api/ideas';
import { NewFormPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { IdeaForm } from './idea-form';
import { useIdeaFormChoices } from './idea-form-choices';
import './ideas.css';

export function IdeaNewPage() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateIdea(productId);
  return (
    <NewFormPage title="New idea" back={{ to: paths.ideas(productId), label: 'Ideas' }} choices={useIdeaFormChoices(productId)}>
      {(choices) => (
        <IdeaForm
          key={productId}
          choices={choices}
          cancelHref={paths.ideas(productId)}
          onSubmit={async (input) => {
            const saved = await create.mutateAsync(input);
            navigate(paths.idea(saved.reference_num));
          }}
        />
      )}
    </NewFormPage>
  );
}
