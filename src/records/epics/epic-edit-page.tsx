// Editing an epic: the epic first, then its workspace's choices, then the form with the epic as
// its defaults.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { epicQueries } from '../../api/epics';
import { EditRecordPage } from '../../ui/form-page';
import { paths } from '../../ui/paths';
import { EpicForm } from './epic-form';
import { useEpicFormChoices } from './epic-form-choices';
import './epics.css';

export function EpicEditPage() {
  const { epicId = '' } = useParams();
  return (
    <EditRecordPage
      record={useQuery(epicQueries.detail(epicId))}
      noun="epic"
      href={(e) => paths.epic(e.reference_num)}
      missingAction={<Link to={paths.allEpics}>Back to all epics</Link>}
      useChoices={useEpicFormChoices}
    >
      {(epic, choices) => <EpicForm productId={epic.product_id} choices={choices} epic={epic} />}
    </EditRecordPage>
  );
}
