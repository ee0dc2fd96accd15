// One idea: who asked and how many agree (votes, initial votes), its description and the admin's
// answer (sanitised HTML), where it shows (visibility, portal), what it became (the feature, epic or
// initiative it was promoted to or linked with) and its merge state — the idea it was merged into,
// or the duplicates it gathered — with Merge into… / Unmerge, Edit and Delete. Its facts are placed
// by the workspace's Idea layout (one card per section on the page, in its column and order, custom
// fields included); what no layout names (its key, what it became, its dates) has a card of its own.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ideaQueries, portalQueries, useDeleteIdea, useMarkSpam, useMergeIdea } from '../../api/ideas';
import type { Idea, IdeaSummary } from '../../contract/ideas';
import type { ScreenLayout } from '../../contract/layouts';
import { RecordActivity } from '../../ui/record-activity';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DetailList, TagList, personName, type Detail } from '../../ui/detail-list';
import { errorMessage } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { LayoutDetails, type DetailFacts } from '../../ui/layout-details';
import { detailSections, onDetail } from '../../ui/layout-model';
import { paths } from '../../ui/paths';
import { KeyedLink, RecordCard, WorkItemHeader } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { StatusPill } from '../../ui/status-pill';
import { showToast } from '../../ui/toast';
import { usePageLayout } from '../../ui/use-workspace-layout';
import { DescriptionFiles } from '../../ui/description-files';
import { IdeaMergeDialog } from './idea-merge-dialog';
import { IdeaPromoteDialog } from './idea-promote-dialog';
import { IdeaVotesSection } from './idea-votes';
import { Email, PortalCreator, ResponsePublication } from './idea-portal-parts';
import './ideas.css';

/** The creator as the service knows them: a user, or only an email (an idea user). A portal user is PortalCreator's. */
function creatorOf(idea: Idea): string | null {
  if (idea.created_by_user) return personName(idea.created_by_user);
  return idea.created_by_idea_user?.email ?? null;
}

/** The big number of votes, as read aloud ("7 votes"). */
function VoteCount({ idea }: { idea: Idea }) {
  return (
    <p className="idea-votes">
      <span className="idea-votes__count" aria-label={`${idea.votes} votes`}>
        {idea.votes}
      </span>
      <span className="muted">votes</span>
    </p>
  );
}

/** What the count is made of: the votes recorded here, and those it started from when the layout shows them. */
const voteParts = (idea: Idea, initial: boolean): Detail[] => [
  { label: 'Initial votes', value: idea.initial_votes, when: initial },
  { label: 'Votes recorded', value: idea.endorsements_count },
];

/** Whether a field is all its section shows on the page (its block then needs no title of its own). */
function aloneInSection(layout: ScreenLayout, key: string): boolean {
  return detailSections(layout, DETAIL_SKIP).find((s) => s.fields.some((f) => f.field === key))?.fields.length === 1;
}

/** The name is the page's heading and the description its first card. */
const DETAIL_SKIP = ['name', 'description'];

/** The idea's standard fields as the layout places them on the page, by its keys. */
function ideaFacts(idea: Idea, layout: ScreenLayout, portalTitle: string | null): DetailFacts {
  const creator = creatorOf(idea);
  return {
    workflow_status: { value: <StatusPill status={idea.workflow_status} /> },
    created_by: {
      value: idea.created_by_portal_user ? (
        <PortalCreator user={idea.created_by_portal_user} portalTitle={portalTitle} />
      ) : creator ? (
        <Email text={creator} />
      ) : null,
    },
    assigned_to_user: { value: personName(idea.assigned_to_user) },
    tags: { value: <TagList tags={idea.tags} /> },
    visibility: { value: idea.visibility },
    submitted_idea_portal_id: { value: portalTitle },
    categories: { value: <TagList tags={idea.categories.map((c) => c.name)} /> },
    // The vote count stands where the layout puts the initial votes it starts from; the facts after it continue its list.
    initial_votes: { block: <VoteCount idea={idea} />, pairs: voteParts(idea, true) },
    spam: { value: idea.spam ? 'Yes' : 'No' },
    admin_response: {
      block: (
        <>
          {aloneInSection(layout, 'admin_response') ? null : <h3 className="record-card__subtitle">Admin response</h3>}
          <HtmlView html={idea.admin_response?.body ?? null} emptyText="No response yet." />
          <ResponsePublication idea={idea} />
        </>
      ),
    },
  };
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
  const layout = usePageLayout(idea.product_id, 'Ideas::Idea');
  const portals = useQuery(portalQueries.list(idea.product_id));
  const portal = idea.submitted_idea_portal_id ? portals.data?.find((p) => p.id === idea.submitted_idea_portal_id) : undefined;
  const portalTitle = idea.submitted_idea_portal_id ? (portal?.title ?? `Portal ${idea.submitted_idea_portal_id}`) : null;
  const facts = ideaFacts(idea, layout, portalTitle);
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
          {onDetail(layout, 'description') ? (
            <RecordCard id="idea-description" title="Description">
              <HtmlView html={idea.description?.body ?? null} emptyText="No description yet." />
              <DescriptionFiles kind="idea" owner={{ collection: 'ideas', id: idea.id }} attachments={idea.description?.attachments} />
            </RecordCard>
          ) : null}
          <LayoutDetails
            layout={layout}
            facts={facts}
            record={idea}
            skip={DETAIL_SKIP}
            column="main"
            listLayout="grid"
            idPrefix="idea-main"
          />
          <IdeaVotesSection idea={idea} />
          <MergeCard idea={idea} />
          <RecordActivity kind="ideas" id={idea.id} productId={idea.product_id} commentCount={idea.comments_count} />
        </div>

        <aside className="stack">
          {/* The count is never hidden: without the layout's initial votes on the page it has its own card. */}
          {onDetail(layout, 'initial_votes') ? null : (
            <RecordCard id="idea-votes" title="Votes">
              <VoteCount idea={idea} />
              <DetailList items={voteParts(idea, false)} />
            </RecordCard>
          )}
          <LayoutDetails layout={layout} facts={facts} record={idea} skip={DETAIL_SKIP} column="side" idPrefix="idea-side" />
          <RecordCard id="idea-about" title="About this idea">
            <DetailList
              items={[
                { label: 'Reference', value: <span className="mono">{idea.reference_num}</span> },
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
