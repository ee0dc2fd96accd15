// The pages around record forms: a "new" page renders its form once the form's choices have arrived,
// an "edit" page fetches the record first, then the choices of its workspace, then renders the form
// with the record as its defaults — so the form never resets under the person's hands. Loading,
// failure, 404 and the header (with a way back) are the same for every kind.
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApiError } from '../api/client';
import { rememberProductId } from '../api/workspace';
import { ButtonLink } from './button';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import type { ChoicesState } from './form-choices';
import { Loading } from './loading';
import { PageHeader } from './page-header';
import { paths } from './paths';

/** The form once its choices are there; a spinner before, the failure with a retry instead. */
export function ChoicesGate<T>({ state, children }: { state: ChoicesState<T>; children: (choices: T) => ReactNode }) {
  if (state.error) {
    return (
      <div className="card">
        <ErrorState error={state.error} onRetry={state.refetch} retrying={state.isFetching} />
      </div>
    );
  }
  if (state.choices === undefined) return <Loading label="Loading the form…" />;
  return <>{children(state.choices)}</>;
}

export interface NewRecordPageProps {
  title: string;
  /** The list the page came from ("← Features"). */
  back: { to: string; label: string };
  children: ReactNode;
}

export function NewRecordPage({ title, back, children }: NewRecordPageProps) {
  return (
    <div className="stack">
      <title>{`${title} · Planner`}</title>
      <PageHeader
        title={title}
        eyebrow={
          <ButtonLink to={back.to} variant="ghost" size="sm">
            ← {back.label}
          </ButtonLink>
        }
      />
      {children}
    </div>
  );
}

export interface NewFormPageProps<C> extends Omit<NewRecordPageProps, 'children'> {
  choices: ChoicesState<C>;
  /** The form, once its choices are there. */
  children: (choices: C) => ReactNode;
}

/** A "new" page whose form waits for its choices. */
export function NewFormPage<C>({ choices, children, ...page }: NewFormPageProps<C>) {
  return (
    <NewRecordPage {...page}>
      <ChoicesGate state={choices}>{children}</ChoicesGate>
    </NewRecordPage>
  );
}

export interface EditableRecord {
  id: string;
  name: string;
  reference_num: string;
  product_id: string;
}

export interface EditRecordPageProps<T extends EditableRecord, C> {
  /** The record's query (`useQuery(featureQueries.detail(id))`). */
  record: UseQueryResult<T, ApiError>;
  /** "feature", for "Loading the feature…" and "This feature does not exist". */
  noun: string;
  href: (record: T) => string;
  /** Another way out when the record cannot be loaded. */
  missingAction?: ReactNode;
  /** The hook of the form's choices (`useFeatureFormChoices`), called with the record's workspace. */
  useChoices: (productId: string) => ChoicesState<C>;
  /** The form, once record and choices are there (keyed by the record, so another record starts a fresh form). */
  children: (record: T, choices: C) => ReactNode;
}

export function EditRecordPage<T extends EditableRecord, C>({
  record,
  noun,
  href,
  missingAction,
  useChoices,
  children,
}: EditRecordPageProps<T, C>) {
  // Opening a record of another workspace switches the sidebar (and its links) to that workspace.
  const productId = record.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (record.isPending) return <Loading label={`Loading the ${noun}…`} />;
  if (record.isError) {
    const missing = record.error.status === 404;
    return (
      <div className="stack">
        <title>{`Edit ${noun} · Planner`}</title>
        <PageHeader title={missing ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found` : `Edit ${noun}`} />
        <div className="card">
          <ErrorState
            error={record.error}
            title={missing ? `This ${noun} does not exist` : undefined}
            onRetry={missing ? undefined : () => void record.refetch()}
            retrying={record.isFetching}
            action={missingAction}
          />
        </div>
      </div>
    );
  }
  const r = record.data;
  return (
    <div className="stack">
      <title>{`Edit ${r.name} · Planner`}</title>
      <PageHeader
        eyebrow={
          <Link to={href(r)}>
            <span className="mono">{r.reference_num}</span> {r.name}
          </Link>
        }
        title={`Edit ${r.name}`}
      />
      <RecordChoices key={r.id} record={r} useChoices={useChoices}>
        {children}
      </RecordChoices>
    </div>
  );
}

/** The form of a loaded record once the choices of its workspace are there. */
function RecordChoices<T extends EditableRecord, C>({
  record,
  useChoices,
  children,
}: Pick<EditRecordPageProps<T, C>, 'useChoices' | 'children'> & { record: T }) {
  return <ChoicesGate state={useChoices(record.product_id)}>{(choices) => children(record, choices)}</ChoicesGate>;
}

/** Every work item is planned into a release: without one there is nothing to create it in. */
export function NoReleasesYet({ productId, noun }: { productId: string; noun: string }) {
  return (
    <div className="card">
      <EmptyState
        title="Create a release first"
        action={
          <ButtonLink to={paths.newRelease(productId)} variant="primary">
            New release
          </ButtonLink>
        }
      >
        Every {noun} is planned into a release, and this workspace has none yet.
      </EmptyState>
    </div>
  );
}

export interface NewWorkItemPageProps<C extends { releases: readonly unknown[] }> extends Omit<NewRecordPageProps, 'children'> {
  productId: string;
  /** "epic", "feature": what the page makes. */
  noun: string;
  choices: ChoicesState<C>;
  /** The form, with the choices and the `?release=`-style preselections of the URL. */
  children: (choices: C, params: URLSearchParams) => ReactNode;
}

/** A new work item's page: its form once the choices are there, or the way to a first release. */
export function NewWorkItemPage<C extends { releases: readonly unknown[] }>({
  productId,
  noun,
  choices,
  children,
  ...page
}: NewWorkItemPageProps<C>) {
  const [params] = useSearchParams();
  return (
    <NewFormPage {...page} choices={choices}>
      {(loaded) => (loaded.releases.length === 0 ? <NoReleasesYet productId={productId} noun={noun} /> : children(loaded, params))}
    </NewFormPage>
  );
}
