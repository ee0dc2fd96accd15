// "Merge into…": the person types what the idea is about and picks the idea it duplicates from the
// service's suggestions (ideas sharing its words, best first; spam and merged ideas are never
// offered, nor the idea itself or another workspace's). Confirming merges; the idea kind's
// invalidation then refreshes every idea screen, the survivor's duplicates and votes included.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ideaQueries, useMergeIdea } from '../../api/ideas';
import type { Idea, IdeaSummary } from '../../contract/ideas';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorMessage } from '../../ui/error-state';
import { StatusPill } from '../../ui/status-pill';
import { SuggestBox } from '../../ui/suggest-box';
import { showToast } from '../../ui/toast';

export interface IdeaMergeDialogProps {
  idea: Idea;
  open: boolean;
  onClose: () => void;
}

/** Suggestions the idea may be merged into: not itself, not another workspace's. */
export function mergeCandidates(
  idea: Pick<Idea, 'id' | 'product_id'>,
  related: readonly IdeaSummary[] | undefined,
): IdeaSummary[] | undefined {
  return related?.filter((r) => r.id !== idea.id && (r.product_id === undefined || r.product_id === idea.product_id));
}

export function IdeaMergeDialog({ idea, open, onClose }: IdeaMergeDialogProps) {
  const [q, setQ] = useState('');
  const [target, setTarget] = useState<IdeaSummary | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const merge = useMergeIdea();
  const related = useQuery({ ...ideaQueries.related(q), enabled: open && q !== '' });
  const close = () => {
    setQ('');
    setTarget(null);
    merge.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Merge ${idea.reference_num} into…`}
      intent="primary"
      confirmLabel="Merge"
      confirmDisabled={target === null}
      size="wide"
      initialFocus={input}
      pending={merge.isPending}
      error={merge.isError ? errorMessage(merge.error) : null}
      onCancel={close}
      onConfirm={() => {
        if (!target) return;
        merge.mutate(
          { id: idea.id, target: target.id },
          {
            onSuccess: () => {
              showToast(`${idea.reference_num} merged into ${target.reference_num}`);
              close();
            },
          },
        );
      }}
    >
      {open ? (
        <div className="stack idea-merge">
          <SuggestBox<IdeaSummary>
            label="Idea it duplicates"
            hint="Type a few words of the other idea; its votes will count there."
            placeholder="Search ideas…"
            inputRef={input}
            onSearch={(text) => {
              setQ(text);
              setTarget(null);
            }}
            suggestions={q === '' ? undefined : mergeCandidates(idea, related.data)}
            loading={related.isFetching}
            optionKey={(r) => r.id}
            optionText={(r) => `${r.reference_num} ${r.name}`}
            renderOption={(r) => (
              <>
                <span className="mono muted">{r.reference_num}</span>
                <span className="idea-merge__name">{r.name}</span>
                <StatusPill status={r.workflow_status} />
                {r.votes !== undefined ? <span className="muted nowrap">{r.votes} votes</span> : null}
              </>
            )}
            onChoose={setTarget}
            emptyText="No other idea matches these words"
          />
          {target ? (
            <p className="idea-merge__choice">
              {idea.reference_num} will be merged into <strong>{target.reference_num}</strong> {target.name}.
            </p>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
