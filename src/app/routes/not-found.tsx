// Any address the app does not know.
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';

export function Component() {
  return (
    <>
      <title>Not found · Planner</title>
      <PageHeader title="Page not found" />
      <div className="card">
        <EmptyState title="There is nothing at this address" action={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}>
          The link may be old, or the record may have been deleted.
        </EmptyState>
      </div>
    </>
  );
}
