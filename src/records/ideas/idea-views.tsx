// What the ideas list and the ideas board share in their headers: the List / Board switch and the
// "New idea" button.
import { ButtonLink } from '../../ui/button';
import { paths } from '../../ui/paths';
import { ViewSwitch } from '../../ui/view-switch';

export function IdeaViews({ productId, current }: { productId: string; current: string }) {
  return (
    <ViewSwitch
      label="Ideas view"
      current={current}
      views={[
        { label: 'List', to: paths.ideas(productId) },
        { label: 'Board', to: paths.ideaBoard(productId) },
      ]}
    />
  );
}

export function NewIdeaButton({ productId }: { productId: string }) {
  return (
    <ButtonLink to={paths.newIdea(productId)} variant="primary">
      New idea
    </ButtonLink>
  );
}
