// Editing an idea: the idea first, then its workspace's choices, then the form with the idea as its
// defaults; after saving, its page opens.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { ideaQueries, useUpdateIdea } from '../../api/ideas';
import { ButtonLink } from '../../ui/button';
import { EditRecordPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { IdeaForm } from './idea-form';
import { useIdeaFormChoices } from './idea-form-choices';
import './ideas.css';

export function IdeaEditPage() {
  const { ideaId = '' } = useParams();
  const navigate = useNavigate();
  const update = useUpdateIdea();
  return (
    <EditRecordPage
      record={useQuery(ideaQueries.detail(ideaId))}
      noun="idea"
      href={(i) => paths.idea(i.reference_num)}
      missingAction={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}
      useChoices={useIdeaFormChoices}
    >
      {(idea, choices) => (
        <IdeaForm
          idea={idea}
          choices={choices}
          cancelHref={paths.idea(idea.reference_num)}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync({ id: idea.id, input });
            navigate(paths.idea(saved.reference_num));
          }}
        />
      )}
    </EditRecordPage>
  );
}
