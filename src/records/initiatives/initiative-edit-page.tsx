// Editing an initiative: the initiative first, then its workspace's choices, then the form with the
// initiative as its defaults; after saving, its page opens.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { initiativeQueries, useUpdateInitiative } from '../../api/initiatives';
import { ButtonLink } from '../../ui/button';
import { EditRecordPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { InitiativeForm } from './initiative-form';
import { useInitiativeFormChoices } from './initiative-form-choices';
import './initiatives.css';

export function InitiativeEditPage() {
  const { initiativeId = '' } = useParams();
  const navigate = useNavigate();
  const update = useUpdateInitiative();
  return (
    <EditRecordPage
      record={useQuery(initiativeQueries.detail(initiativeId))}
      noun="initiative"
      href={(i) => paths.initiative(i.id)}
      missingAction={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}
      useChoices={useInitiativeFormChoices}
    >
      {(initiative, choices) => (
        <InitiativeForm
          initiative={initiative}
          choices={choices}
          cancelHref={paths.initiative(initiative.id)}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync({ id: initiative.id, input });
            navigate(paths.initiative(saved.id));
          }}
        />
      )}
    </EditRecordPage>
  );
}
