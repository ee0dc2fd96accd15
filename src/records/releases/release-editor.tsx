// The create and edit screens around the one ReleaseForm: they fetch what the form's selects need
// (users, the product's workflows, sibling releases) and the workspace's Release layout it is drawn
// from first, then render it, then save and go to the release page.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import { releaseQueries, useCreateRelease, useUpdateRelease, type ReleaseListParams } from '../../api/releases';
import { warmLayouts } from '../../api/route-queries';
import type { Release } from '../../contract/releases';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';
import { ReleaseForm } from './release-form';

/** Candidate parent releases: one page of up to 200, names only. */
export const PARENT_RELEASE_PARAMS: ReleaseListParams = { page: 1, perPage: 200, fields: 'name,reference_num,parking_lot' };

/** Warms what a release form needs before it can render (for route loaders); never throws. */
export async function prefetchReleaseForm(queryClient: QueryClient, productId: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(accountQueries.users()),
    queryClient.prefetchQuery(accountQueries.workflows(productId)),
    queryClient.prefetchQuery(releaseQueries.list(productId, PARENT_RELEASE_PARAMS)),
    warmLayouts(queryClient, productId),
  ]);
}

function useFormData(productId: string | undefined) {
  const enabled = productId !== undefined;
  const id = productId ?? '';
  const users = useQuery({ ...accountQueries.users(), enabled });
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const parents = useQuery({ ...releaseQueries.list(id, PARENT_RELEASE_PARAMS), enabled });
  // Not among the queries whose failure stops the form: the built-in layout stands in then.
  const { layout } = useWorkspaceLayout(productId, 'Release');
  const failed = [users, workflows, parents].find((q) => q.isError);
  return {
    pending: users.isPending || workflows.isPending || parents.isPending,
    error: failed?.error ?? null,
    retry: () => {
      void users.refetch();
      void workflows.refetch();
      void parents.refetch();
    },
    users: users.data?.users ?? [],
    statuses: statusesFor(workflows.data, 'Release'),
    parents: parents.data?.releases ?? [],
    layout,
  };
}

export function NewReleaseScreen({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const data = useFormData(productId);
  const create = useCreateRelease(productId);
  return (
    <>
      <title>New release · Planner</title>
      <PageHeader title="New release" />
      {data.error ? (
        <div className="card">
          <ErrorState error={data.error} onRetry={data.retry} />
        </div>
      ) : data.pending || !data.layout ? (
        <Loading label="Loading the form…" />
      ) : (
        <ReleaseForm
          layout={data.layout}
          users={data.users}
          statuses={data.statuses}
          parents={data.parents}
          cancelHref={paths.releases(productId)}
          onSubmit={async (input) => {
            const release = await create.mutateAsync(input);
            navigate(paths.release(release.id));
          }}
        />
      )}
    </>
  );
}

export function EditReleaseScreen({ releaseId }: { releaseId: string }) {
  const release = useQuery(releaseQueries.detail(releaseId));
  return (
    <>
      <title>{`Edit ${release.data?.name ?? 'release'} · Planner`}</title>
      <PageHeader eyebrow={release.data?.reference_num} title={release.data ? `Edit ${release.data.name}` : 'Edit release'} />
      {release.isPending ? (
        <Loading label="Loading the release…" />
      ) : release.isError ? (
        <div className="card">
          <ErrorState error={release.error} onRetry={() => void release.refetch()} retrying={release.isFetching} />
        </div>
      ) : (
        <EditReleaseForm release={release.data} />
      )}
    </>
  );
}

function EditReleaseForm({ release }: { release: Release }) {
  const navigate = useNavigate();
  const data = useFormData(release.product_id);
  const update = useUpdateRelease();
  if (data.error) {
    return (
      <div className="card">
        <ErrorState error={data.error} onRetry={data.retry} />
      </div>
    );
  }
  if (data.pending || !data.layout) return <Loading label="Loading the form…" />;
  return (
    <ReleaseForm
      key={release.id}
      release={release}
      layout={data.layout}
      users={data.users}
      statuses={data.statuses}
      parents={data.parents}
      cancelHref={paths.release(release.id)}
      onSubmit={async (input) => {
        await update.mutateAsync({ id: release.id, input });
        navigate(paths.release(release.id));
      }}
    />
  );
}
