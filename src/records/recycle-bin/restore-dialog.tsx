// Restore, looked at first: the dialog asks the service for the dry run as it opens and lists what
// would come back (grouped by kind, with keys) and the links that would not, with the reason; only
// then is Restore offered. A refusal (the window has closed, a parent is itself deleted, someone else
// restored it first) shows in the dialog in the service's words, and nothing has changed.
import { useQuery } from '@tanstack/react-query';
import { deletionQueries, useRestoreDeletion } from '../../api/deletions';
import type { Deletion, RestoreAnswer } from '../../contract/deletions';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { deletionTypeLabel, groupByKind, recordInWords, restoreProblem, unrestoredReason } from '../../ui/deletion-labels';
import { Loading } from '../../ui/loading';

/** The service's field message stands alone in the dialog: a sentence ("Release PLN-R-3 is in the recycle bin …"). */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Records named per kind before "and N more": a long subtree stays a short dialog. */
const SHOWN_PER_KIND = 5;

export interface RestoreDialogProps {
  deletion: Deletion;
  onClose: () => void;
  onRestored: (answer: RestoreAnswer) => void;
}

export function RestoreDialog({ deletion, onClose, onRestored }: RestoreDialogProps) {
  const preview = useQuery(deletionQueries.preview(deletion.id));
  const restore = useRestoreDeletion();
  const failure = restore.isError ? restore.error : preview.isError ? preview.error : null;
  return (
    <ConfirmDialog
      open
      size="wide"
      intent="primary"
      title={`Restore ${recordInWords(deletion.record)}?`}
      confirmLabel="Restore"
      pending={restore.isPending}
      confirmDisabled={!preview.isSuccess}
      error={failure ? sentence(restoreProblem(failure)) : null}
      onCancel={onClose}
      onConfirm={() => restore.mutate(deletion.id, { onSuccess: onRestored })}
    >
      {preview.isPending ? (
        <Loading label="Checking what comes back…" />
      ) : preview.isSuccess ? (
        <RestorePreview answer={preview.data} />
      ) : (
        <p>It cannot be restored as things stand. Nothing has changed.</p>
      )}
    </ConfirmDialog>
  );
}

function RestorePreview({ answer }: { answer: RestoreAnswer }) {
  const groups = groupByKind(answer.restored);
  const links = answer.unrestored_links;
  return (
    <div className="restore-preview">
      <p className="restore-preview__intro">
        Everything below comes back as it was — the same ids and keys, links and custom field values — and the progress and counts of the
        records it belongs to follow.
      </p>
      <h3 className="restore-preview__title">What comes back</h3>
      <ul className="restore-preview__groups">
        {groups.map((group) => {
          // Records with neither key nor name of their own (comments, votes) are counted, not listed.
          const named = group.records.filter((r) => r.reference_num || (r.name && r.name !== deletionTypeLabel(r.type)));
          return (
            <li key={group.type} className="restore-preview__group">
              <span className="restore-preview__count">{group.label}</span>
              {named.length > 0 ? (
                <ul className="restore-preview__records">
                  {named.slice(0, SHOWN_PER_KIND).map((r) => (
                    <li key={r.id}>
                      {r.reference_num ? <span className="mono restore-preview__key">{r.reference_num}</span> : null}
                      <span className="restore-preview__name">{r.name}</span>
                    </li>
                  ))}
                  {named.length > SHOWN_PER_KIND ? <li className="muted">and {named.length - SHOWN_PER_KIND} more</li> : null}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      {links.length > 0 ? (
        <>
          <h3 className="restore-preview__title">
            {links.length === 1 ? 'A link that will not come back' : `${links.length} links that will not come back`}
          </h3>
          <ul className="restore-preview__links">
            {links.map((link) => (
              <li key={`${link.type}-${link.id}-${link.link}`}>
                <span className="restore-preview__link">{link.link}</span>: {unrestoredReason(link)}.
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
