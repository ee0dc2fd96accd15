// The votes an idea gathered and who cast them (endorsements), a page at a time, with "Add vote" —
// a proxy vote recorded for someone (a customer on a call, an email) — and removal behind a
// confirmation. Each write is an idea-kind mutation, so the idea's `votes` on its page and in the
// lists refresh through the invalidation graph. The service's caps answer 422 on `value`: shown on
// that field.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ideaQueries, useAddVote, useRemoveVote, type ProxyVoteInput } from '../../api/ideas';
import type { IdeaEndorsement } from '../../contract/idea-votes';
import type { Idea } from '../../contract/ideas';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { Column } from '../../ui/data-table-model';
import { EmptyState } from '../../ui/empty-state';
import { errorMessage } from '../../ui/error-state';
import { Field } from '../../ui/field';
import { formatDate } from '../../ui/format';
import { PagedTable } from '../../ui/paged-section';
import { showToast } from '../../ui/toast';

const VOTES_PER_PAGE = 10;

/** Who voted: the portal user's name, else the email the vote was recorded for. */
export function voterOf(vote: IdeaEndorsement): { name: string; email: string | null } {
  const user = vote.endorsed_by_portal_user ?? vote.endorsed_by_idea_user;
  if (!user) return { name: 'Unknown voter', email: null };
  return { name: user.name, email: user.name === user.email ? null : user.email };
}

const voterText = (v: IdeaEndorsement) => {
  const who = voterOf(v);
  return who.email ? `${who.name} <${who.email}>` : who.name;
};

/** How the vote came: a proxy vote or the voter's own, and whether a merge moved it here. */
function castText(vote: IdeaEndorsement, ideaId: string): string {
  const how = vote.proxy ? 'Proxy vote' : 'Own vote';
  return vote.cast_on_idea_id && vote.cast_on_idea_id !== ideaId ? `${how}, from a merged idea` : how;
}

function voteColumns(onRemove: (vote: IdeaEndorsement) => void, ideaId: string): Column<IdeaEndorsement>[] {
  return [
    {
      id: 'voter',
      header: 'Voter',
      // Who, then how the vote came, on a second quiet line: the table stays readable in the main column.
      cell: (v) => {
        const who = voterOf(v);
        return (
          <span className="idea-voter">
            <span className="idea-voter__name">{who.name}</span>
            {who.email ? <span className="muted idea-voter__email">{who.email}</span> : null}
            <span className="muted idea-voter__cast">{castText(v, ideaId)}</span>
          </span>
        );
      },
      sortValue: voterText,
    },
    {
      id: 'value',
      header: 'Votes',
      align: 'end',
      width: '4.5rem',
      // After a merge met the survivor's cap, less counts than was given: show both.
      cell: (v) =>
        v.weight === v.value ? v.value : <span title={`${v.weight} of ${v.value} count here`}>{`${v.weight} of ${v.value}`}</span>,
      sortValue: (v) => v.value,
    },
    {
      id: 'organization',
      header: 'Organization',
      width: '7.5rem',
      cell: (v) => v.idea_organization?.name ?? '—',
      sortValue: (v) => v.idea_organization?.name ?? '',
    },
    // The page's main column is narrow beside the facts: the columns leave the voter room and all fit.
    {
      id: 'when',
      header: 'When',
      width: '7.5rem',
      cell: (v) => <span className="nowrap">{formatDate(v.created_at)}</span>,
      sortValue: (v) => v.created_at,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: '5.5rem',
      align: 'end',
      cell: (v) => (
        <Button size="sm" variant="ghost" onClick={() => onRemove(v)} aria-label={`Remove the vote of ${voterText(v)}`}>
          Remove
        </Button>
      ),
    },
  ];
}

export function IdeaVotesSection({ idea }: { idea: Idea }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<IdeaEndorsement | null>(null);
  const votes = useQuery(ideaQueries.endorsements(idea.id, { page, perPage: VOTES_PER_PAGE }));
  const remove = useRemoveVote();
  // A merged idea's votes count on its survivor, and a spam idea takes none: the service refuses both.
  const canVote = !idea.duplicate_of && !idea.spam;

  return (
    <>
      <PagedTable
        id="idea-voters-heading"
        title="Voters"
        count={votes.data?.pagination.total_records ?? null}
        action={
          canVote ? (
            <Button size="sm" onClick={() => setAdding(true)}>
              Add vote
            </Button>
          ) : null
        }
        label={`Votes on ${idea.reference_num}`}
        noun="votes"
        columns={voteColumns(setRemoving, idea.id)}
        rows={votes.data?.idea_endorsements}
        state={votes}
        onPageChange={setPage}
        empty={
          <EmptyState compact kind={canVote ? 'create' : 'done'} title="No votes recorded yet">
            {canVote ? 'Add a vote for a customer who asked for this.' : 'Votes on this idea are closed.'}
          </EmptyState>
        }
      />
      <AddVoteDialog idea={idea} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this vote?"
        confirmLabel="Remove vote"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { ideaId: idea.id, id: removing.id },
            {
              onSuccess: () => {
                showToast('Vote removed');
                setRemoving(null);
              },
            },
          );
        }}
      >
        {removing
          ? `${voterText(removing)}'s ${removing.value === 1 ? 'vote' : `${removing.value} votes`} will no longer count on ${idea.reference_num}.`
          : null}
      </ConfirmDialog>
    </>
  );
}

interface VoteDraft {
  email: string;
  value: string;
  organization: string;
  link: string;
  description: string;
}

const EMPTY_DRAFT: VoteDraft = { email: '', value: '1', organization: '', link: '', description: '' };
const DRAFT_FIELDS = ['email', 'value', 'idea_organization_id', 'link', 'description'] as const;

/** The checks the dialog makes before sending; the service checks the rest (caps, a second vote). */
export function checkVoteDraft(draft: VoteDraft): Partial<Record<keyof VoteDraft, string>> {
  const problems: Partial<Record<keyof VoteDraft, string>> = {};
  if (draft.email.trim() === '') problems.email = 'Enter the voter’s email.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) problems.email = 'Enter an email address like name@example.com.';
  if (!/^\d+$/.test(draft.value.trim()) || Number(draft.value) < 1) problems.value = 'Enter a whole number of votes, 1 or more.';
  return problems;
}

function AddVoteDialog({ idea, open, onClose }: { idea: Idea; open: boolean; onClose: () => void }) {
  const add = useAddVote();
  const [draft, setDraft] = useState<VoteDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<Partial<Record<keyof VoteDraft, string>>>({});
  const email = useRef<HTMLInputElement>(null);
  const value = useRef<HTMLInputElement>(null);
  const organizations = useQuery({ ...ideaQueries.organizations(), enabled: open });
  const served = add.error?.fieldErrors ?? {};
  const errorOf = (field: keyof VoteDraft, wire: string) => problems[field] ?? served[wire]?.join(' ');
  const unmatched = add.isError && !DRAFT_FIELDS.some((f) => served[f]) ? errorMessage(add.error) : null;

  const set = (field: keyof VoteDraft) => (text: string) => {
    setDraft((d) => ({ ...d, [field]: text }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const close = () => {
    setDraft(EMPTY_DRAFT);
    setProblems({});
    add.reset();
    onClose();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const found = checkVoteDraft(draft);
    setProblems(found);
    if (found.email) return email.current?.focus();
    if (found.value) return value.current?.focus();
    const input: ProxyVoteInput = {
      email: draft.email.trim(),
      value: Number(draft.value),
      idea_organization_id: draft.organization || null,
      link: draft.link.trim() || null,
      description: draft.description.trim() || null,
    };
    add.mutate(
      { ideaId: idea.id, input },
      {
        onSuccess: () => {
          showToast(`Vote added for ${input.email}`);
          close();
        },
        // Put focus on the field the service refused, as the record forms do.
        onError: (error) => {
          if (error.fieldErrors.value) value.current?.focus();
          else if (error.fieldErrors.email) email.current?.focus();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Add a vote on ${idea.reference_num}`}
      intent="primary"
      confirmLabel="Add vote"
      initialFocus={email}
      pending={add.isPending}
      error={unmatched}
      onCancel={close}
      onConfirm={() => submit()}
    >
      {open ? (
        <form className="stack idea-vote-form" aria-label="Add vote" noValidate onSubmit={submit}>
          <p className="muted idea-vote-form__lead">A proxy vote, recorded for someone who asked for this idea.</p>
          <Field label="Voter email" required error={errorOf('email', 'email')} hint="A portal user with this email is linked.">
            {(control) => (
              <input
                ref={email}
                className="input"
                type="email"
                autoComplete="off"
                {...control}
                value={draft.email}
                onChange={(e) => set('email')(e.target.value)}
              />
            )}
          </Field>
          <div className="form-grid">
            <Field label="Votes" error={errorOf('value', 'value')}>
              {(control) => (
                <input
                  ref={value}
                  className="input"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  {...control}
                  value={draft.value}
                  onChange={(e) => set('value')(e.target.value)}
                />
              )}
            </Field>
            <Field
              label="Organization"
              error={served.idea_organization_id?.join(' ')}
              hint={organizations.isError ? errorMessage(organizations.error) : 'Left blank, the voter’s email domain decides.'}
            >
              {(control) => (
                <select
                  className="input select"
                  {...control}
                  value={draft.organization}
                  onChange={(e) => set('organization')(e.target.value)}
                >
                  <option value="">{organizations.isPending ? 'Loading…' : 'None'}</option>
                  {(organizations.data ?? []).map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name ?? `Organization ${o.id}`}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Link" error={errorOf('link', 'link')} hint="Where the request came from, e.g. a support ticket.">
            {(control) => (
              <input
                className="input"
                type="url"
                placeholder="https://"
                {...control}
                value={draft.link}
                onChange={(e) => set('link')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Note" error={errorOf('description', 'description')}>
            {(control) => (
              <textarea
                className="input textarea"
                rows={2}
                {...control}
                value={draft.description}
                onChange={(e) => set('description')(e.target.value)}
              />
            )}
          </Field>
          {/* Enter in a field submits, as in any form; the dialog's own button does the same. */}
          <button type="submit" hidden tabIndex={-1} />
        </form>
      ) : null}
    </ConfirmDialog>
  );
}
