// The filters several lists share, each reading its own choices: workflow status of a record kind,
// assignee, and release (which also accepts a key such as PLN-R-1 in the URL).
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../api/account';
import { releaseQueries } from '../api/releases';
import { MAX_PER_PAGE } from '../contract/common';
import { FilterSelect } from './filter-bar';

interface FilterProps {
  value: string;
  onChange: (value: string) => void;
}

export function StatusFilter({ productId, kind, value, onChange }: FilterProps & { productId: string; kind: 'Feature' | 'Epic' | 'Initiative' | 'Idea' }) {
  const workflows = useQuery(accountQueries.workflows(productId));
  const options = statusesFor(workflows.data, kind).map((s) => ({ value: s.id, label: s.name }));
  return <FilterSelect label="Status" anyLabel="Any status" value={value} onChange={onChange} options={options} />;
}

export function AssigneeFilter({ value, onChange }: FilterProps) {
  const users = useQuery(accountQueries.users());
  const options = (users.data?.users ?? []).map((u) => ({ value: u.id, label: u.name || u.email }));
  return <FilterSelect label="Assignee" anyLabel="Anyone" value={value} onChange={onChange} options={options} />;
}

/** The workspace's releases (the same query the forms use for their choices). */
export const releaseChoices = (productId: string) => releaseQueries.list(productId, { fields: '*', perPage: MAX_PER_PAGE });

/** The release `?release=` names, by id or key, once the releases are loaded. */
export function useChosenRelease(productId: string, release: string) {
  const releases = useQuery(releaseChoices(productId));
  return releases.data?.releases.find((r) => r.id === release || r.reference_num === release);
}

export function ReleaseFilter({ productId, value, onChange }: FilterProps & { productId: string }) {
  const releases = useQuery(releaseChoices(productId));
  const chosen = useChosenRelease(productId, value);
  const options = (releases.data?.releases ?? []).map((r) => ({ value: r.id, label: [r.reference_num, r.name].filter(Boolean).join(' ') }));
  // The select speaks ids; a key in the URL shows as its release.
  return <FilterSelect label="Release" anyLabel="All releases" value={chosen?.id ?? value} onChange={onChange} options={options} />;
}
