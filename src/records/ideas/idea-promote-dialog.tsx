// "Promote…": the idea becomes a feature or an epic (in a release of the idea's product) or an
// initiative. The service makes the record with the idea's name and description, links the two and
// moves the idea to its shipped status; the app then opens the new record. A refusal (no release, a
// release of another product, an idea already promoted) is shown beside the field it names.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePromoteIdea } from '../../api/ideas';
import { PROMOTABLE_TYPES, type PromotableType } from '../../contract/idea-votes';
import type { Idea } from '../../contract/ideas';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorMessage } from '../../ui/error-state';
import { Field } from '../../ui/field';
import { releaseChoicesQuery, releaseOptions, toReleaseChoice } from '../../ui/form-choices';
import { paths } from '../../ui/paths';
import { showToast } from '../../ui/toast';

const TYPE_LABELS: Record<PromotableType, string> = { feature: 'Feature', epic: 'Epic', initiative: 'Initiative' };
const TYPE_HINTS: Record<PromotableType, string> = {
  feature: 'A feature in a release, named and described as the idea.',
  epic: 'An epic in a release, for an idea too large for one feature.',
  initiative: 'A strategic initiative of the workspace.',
};

/** Where the promoted record lives: the link the service answered on the idea. */
export function promotedHref(idea: Idea, type: PromotableType): string | null {
  const link = idea[type];
  if (!link) return null;
  if (type === 'feature') return paths.feature(link.reference_num ?? link.id);
  if (type === 'epic') return paths.epic(link.reference_num ?? link.id);
  return paths.initiative(link.id);
}

export interface IdeaPromoteDialogProps {
  idea: Idea;
  open: boolean;
  onClose: () => void;
}

export function IdeaPromoteDialog({ idea, open, onClose }: IdeaPromoteDialogProps) {
  const navigate = useNavigate();
  const promote = usePromoteIdea();
  const [type, setType] = useState<PromotableType>('feature');
  const [releaseId, setReleaseId] = useState('');
  const [missingRelease, setMissingRelease] = useState(false);
  // A Promote without a release while the releases were still loading (the select disabled, which
  // takes no focus — the e2e story lost the focus this way on a busy machine): focused once they are there.
  const focusWhenLoaded = useRef(false);
  const firstRadio = useRef<HTMLInputElement>(null);
  const releaseSelect = useRef<HTMLSelectElement>(null);
  const legendId = useId();
  const needsRelease = type !== 'initiative';
  // Loaded as the feature and epic forms load theirs, only while the dialog is open.
  const releases = useQuery({ ...releaseChoicesQuery(idea.product_id), enabled: open && needsRelease });
  const options = releaseOptions((releases.data?.releases ?? []).map(toReleaseChoice));
  useEffect(() => {
    if (!focusWhenLoaded.current || releases.isPending) return;
    focusWhenLoaded.current = false;
    releaseSelect.current?.focus();
  }, [releases.isPending]);
  const fieldErrors = promote.error?.fieldErrors ?? {};
  const typeError = fieldErrors.promotable_type?.join(' ');
  const releaseError = missingRelease ? 'Choose the release the new record goes into.' : fieldErrors.release_id?.join(' ');
  // A refusal that names neither field (a network failure, a 5xx) is shown at the dialog's foot.
  const otherError = promote.isError && !typeError && !fieldErrors.release_id ? errorMessage(promote.error) : null;

  const close = () => {
    setType('feature');
    setReleaseId('');
    setMissingRelease(false);
    focusWhenLoaded.current = false;
    promote.reset();
    onClose();
  };

  const confirm = () => {
    if (needsRelease && releaseId === '') {
      setMissingRelease(true);
      if (releases.isPending) focusWhenLoaded.current = true;
      else releaseSelect.current?.focus();
      return;
    }
    promote.mutate(
      { id: idea.id, input: needsRelease ? { promotable_type: type, release_id: releaseId } : { promotable_type: type } },
      {
        onSuccess: (promoted) => {
          showToast(`${idea.reference_num} promoted to ${TYPE_LABELS[type].toLowerCase()}`);
          const href = promotedHref(promoted, type);
          close();
          if (href) navigate(href);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Promote ${idea.reference_num}`}
      intent="primary"
      confirmLabel="Promote"
      initialFocus={firstRadio}
      pending={promote.isPending}
      error={otherError}
      onCancel={close}
      onConfirm={confirm}
    >
      {open ? (
        <div className="stack idea-promote">
          <p className="idea-promote__lead">
            The new record takes the idea&apos;s name and description; the idea moves to its shipped status.
          </p>
          <fieldset className="idea-promote__types" aria-describedby={typeError ? `${legendId}-error` : undefined}>
            <legend className="field__label" id={legendId}>
              Promote to
            </legend>
            {PROMOTABLE_TYPES.map((t, i) => (
              <label key={t} className="idea-promote__type">
                <input
                  ref={i === 0 ? firstRadio : undefined}
                  type="radio"
                  name={`${legendId}-type`}
                  value={t}
                  // Named by the kind alone; the line under it describes it.
                  aria-label={TYPE_LABELS[t]}
                  aria-describedby={`${legendId}-${t}-hint`}
                  checked={type === t}
                  onChange={() => {
                    setType(t);
                    setMissingRelease(false);
                    promote.reset();
                  }}
                />
                <span>
                  <strong>{TYPE_LABELS[t]}</strong>
                  <span className="muted idea-promote__hint" id={`${legendId}-${t}-hint`}>
                    {TYPE_HINTS[t]}
                  </span>
                </span>
              </label>
            ))}
            {typeError ? (
              <p className="field__error" id={`${legendId}-error`} role="alert">
                {typeError}
              </p>
            ) : null}
          </fieldset>
          {needsRelease ? (
            <Field label="Release" required error={releaseError} hint={releases.isError ? errorMessage(releases.error) : undefined}>
              {(control) => (
                <select
                  ref={releaseSelect}
                  className="input select"
                  {...control}
                  value={releaseId}
                  disabled={releases.isPending}
                  onChange={(e) => {
                    setReleaseId(e.target.value);
                    setMissingRelease(false);
                  }}
                >
                  <option value="">{releases.isPending ? 'Loading releases…' : 'Choose a release'}</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
