// One idea: who asked and how many agree (votes, initial votes), its description and the admin's
// answer (sanitised HTML), where it shows (visibility, portal), what it became (the feature, epic or
// initiative it was promoted to or linked with) and its merge state — the idea it was merged into,
// or the duplicates it gathered — with Merge into… / Unmerge, Edit and Delete.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ideaQueries, portalQueries, useDeleteIdea, useMarkSpam, useMergeIdea } from '../../api/ideas';
import type { Idea, IdeaSummary } from '../../contract/ideas';
import { RecordActivity } from '../../ui/record-activity';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DetailList, TagList, personName } from '../../ui/detail-list';
import { errorMessage } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { paths } from '../../ui/paths';
import { KeyedLink, RecordCard, WorkItemHeader } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { StatusPill } from '../../ui/status-pill';
import { showToast } from '../../ui/toast';
import { DescriptionFiles } from '../../ui/description-files';
import { IdeaMergeDialog } from './idea-merge-dialog';
import { IdeaPromoteDialog } from './idea-promote-dialog';
import { IdeaVotesSection } from './idea-votes';
import './ideas.css';

/** The creator as the service knows them: a user, a portal user, or only an email (an idea user). */
function creatorOf(idea: Idea): string | null {
  const user = idea.created_by_user ?? idea.created_by_portal_user;
  if (user) return personName(user);
  return idea.created_by_idea_user?.email ?? null;
}

/** An email that may wrap after its @ in a narrow column, rather than mid-word. */
function Email({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return <>{text}</>;
  return (
    <span className="idea-email">
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </span>
  );
}

function IdeaLink({ idea }: { idea: IdeaSummary }) {
  return <KeyedLink to={paths.idea(idea.reference_num)} reference={idea.reference_num} name={idea.name} />;
}

function MergeCard({ idea }: { idea: Idea }) {
  if (idea.duplicate_of) {
    return (
      <RecordCard id="idea-merge" title="Merged">
        <p className="idea-merged-into">
          Merged into <IdeaLink idea={idea.duplicate_of} />. Its votes count there.
        </p>
      </RecordCard>
    );
  }
  return (
    <RecordCard id="idea-merge" title={`Duplicates (${idea.duplicates.length})`}>
      {idea.duplicates.length === 0 ? (
        // One quiet line: an idea without duplicates is the usual case, not a screen to fill.
        <p className="idea-empty muted">None yet. Merge another idea into this one from that idea&apos;s page.</p>
      ) : (
        <ul className="idea-duplicates" aria-label="Duplicates">
          {idea.duplicates.map((d) => (
            <li key={d.id}>
              <IdeaLink idea={d} />
              <StatusPill status={d.workflow_status} />
            </li>
          ))}
        </ul>
      )}
    </RecordCard>
  );
}

function IdeaDetails({ record: idea }: { record: Idea }) {
  const navigate = useNavigate();
  const del = useDeleteIdea();
  const unmerge = useMergeIdea();
  const [merging, setMerging] = useState(false);
  const [unmerging, setUnmerging] = useState(false);
  const [promoting, setPromoting] = useState(false);
  const spam = useMarkSpam();
  const creator = creatorOf(idea);
  const portals = useQuery(portalQueries.list(idea.product_id));
  const portal = idea.submitted_idea_portal_id ? portals.data?.find((p) => p.id === idea.submitted_idea_portal_id) : undefined;
  const promoted = [
    idea.feature ? { label: 'Feature', link: idea.feature, href: paths.feature(idea.feature.reference_num ?? idea.feature.id) } : null,
    idea.epic ? { label: 'Epic', link: idea.epic, href: paths.epic(idea.epic.reference_num ?? idea.epic.id) } : null,
    idea.initiative ? { label: 'Initiative', link: idea.initiative, href: paths.initiative(idea.initiative.id) } : null,
  ].filter((p) => p !== null);

  return (
    <div className="stack">
      <WorkItemHeader
        item={idea}
        trail={[{ label: 'Ideas', to: paths.ideas(idea.product_id) }]}
        editHref={paths.editIdea(idea.reference_num)}
        noun="idea"
        actions={
          <>
            {/* Promoting once is the rule (the service answers 422 otherwise), and a merged idea lives on in its survivor. */}
            {promoted.length === 0 && !idea.duplicate_of ? (
              <Button variant="primary" onClick={() => setPromoting(true)}>
                Promote…
              </Button>
            ) : null}
            {idea.duplicate_of ? (
              <Button onClick={() => setUnmerging(true)}>Unmerge</Button>
            ) : (
              <Button onClick={() => setMerging(true)}>Merge into…</Button>
            )}
            <Button
              pending={spam.isPending}
              pendingLabel={idea.spam ? 'Restoring…' : 'Marking…'}
              onClick={() =>
                spam.mutate(
                  { id: idea.id, spam: !idea.spam },
                  {
                    onSuccess: () =>
                      showToast(idea.spam ? `${idea.reference_num} is no longer spam` : `${idea.reference_num} marked as spam`),
                    onError: (error) => showToast(errorMessage(error)),
                  },
                )
              }
            >
              {idea.spam ? 'Not spam' : 'Mark as spam'}
            </Button>
          </>
        }
        deletion={{
          mutation: del,
          onConfirm: () => del.mutate(idea.id, { onSuccess: () => navigate(paths.ideas(idea.product_id), { replace: true }) }),
          children: (
            <>
              “{idea.name}” will be moved to the recycle bin, where it can be restored for 30 days.
              {idea.duplicates.length > 0 ? ` The ${idea.duplicates.length} ideas merged into it are unmerged.` : null}
            </>
          ),
        }}
      />
      {idea.spam ? (
        <p className="idea-banner" role="note">
          Marked as spam: left out of the idea list and of duplicate suggestions.
        </p>
      ) : null}

      <div className="layout-2col">
        <div className="stack">
          <RecordCard id="idea-description" title="Description">
            <HtmlView html={idea.description?.body ?? null} emptyText="No description yet." />
            <DescriptionFiles kind="idea" owner={{ collection: 'ideas', id: idea.id }} attachments={idea.description?.attachments} />
          </RecordCard>
          <RecordCard id="idea-response" title="Admin response">
            <HtmlView html={idea.admin_response?.body ?? null} emptyText="No response yet." />
          </RecordCard>
          <IdeaVotesSection idea={idea} />
          <MergeCard idea={idea} />
          <RecordActivity kind="ideas" id={idea.id} productId={idea.product_id} commentCount={idea.comments_count} />
        </div>

        <aside className="stack">
          <RecordCard id="idea-votes" title="Votes">
            <p className="idea-votes">
              <span className="idea-votes__count" aria-label={`${idea.votes} votes`}>
                {idea.votes}
              </span>
              <span className="muted">votes</span>
            </p>
            <DetailList
              items={[
                { label: 'Initial votes', value: idea.initial_votes },
                { label: 'Votes recorded', value: idea.endorsements_count },
              ]}
            />
          </RecordCard>
          <RecordCard id="idea-details" title="Details">
            <DetailList
              items={[
                { label: 'Reference', value: <span className="mono">{idea.reference_num}</span> },
                { label: 'Status', value: <StatusPill status={idea.workflow_status} /> },
                { label: 'Created by', value: creator ? <Email text={creator} /> : null },
                { label: 'Assignee', value: personName(idea.assigned_to_user) },
                { label: 'Categories', value: <TagList tags={idea.categories.map((c) => c.name)} /> },
                { label: 'Tags', value: <TagList tags={idea.tags} /> },
                { label: 'Visibility', value: idea.visibility },
                {
                  label: 'Portal',
                  value: idea.submitted_idea_portal_id ? (portal?.title ?? `Portal ${idea.submitted_idea_portal_id}`) : null,
                },
                {
                  label: 'Promoted to',
                  value:
                    promoted.length === 0 ? null : (
                      <ul className="idea-promoted">
                        {promoted.map((p) => (
                          <li key={p.label}>
                            <span className="muted">{p.label}</span>
                            <KeyedLink to={p.href} reference={p.link.reference_num ?? ''} name={p.link.name ?? ''} />
                          </li>
                        ))}
                      </ul>
                    ),
                },
                { label: 'Created', value: formatDate(idea.created_at) },
                { label: 'Updated', value: formatDate(idea.updated_at) },
              ]}
            />
          </RecordCard>
        </aside>
      </div>

      <IdeaMergeDialog idea={idea} open={merging} onClose={() => setMerging(false)} />
      <IdeaPromoteDialog idea={idea} open={promoting} onClose={() => setPromoting(false)} />
      <ConfirmDialog
        open={unmerging}
        title={`Unmerge ${idea.reference_num}?`}
        intent="primary"
        confirmLabel="Unmerge"
        pending={unmerge.isPending}
        error={unmerge.isError ? errorMessage(unmerge.error) : null}
        onCancel={() => {
          setUnmerging(false);
          unmerge.reset();
        }}
        onConfirm={() =>
          unmerge.mutate(
            { id: idea.id, target: null },
            {
              onSuccess: () => {
                setUnmerging(false);
                showToast(`${idea.reference_num} unmerged`);
              },
            },
          )
        }
      >
        {idea.duplicate_of ? `It will stand on its own again, no longer a duplicate of ${idea.duplicate_of.reference_num}.` : null}
      </ConfirmDialog>
    </div>
  );
}

export const IdeaPage = recordRoute('ideaId', ideaQueries.detail, 'idea', IdeaDetails);
