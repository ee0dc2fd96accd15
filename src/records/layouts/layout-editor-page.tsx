// One layout in the editor (administrators): its name, whether it is its kind's default, the
// workspaces it is assigned to, and its sections (layout-sections-editor.tsx) beside a live preview
// (layout-preview.tsx). Save sends the whole layout; the service's 422s land on the rows, sections and
// fields they name, with a summary above. Leaving with unsaved changes asks first. A layout other
// than the default can be deleted after a confirmation (its workspaces go back to the default).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { ApiError, isApiError } from '../../api/client';
import { customFieldDefinitionQueries } from '../../api/custom-field-definitions';
import { layoutQueries, useDeleteScreenDefinition, useUpdateScreenDefinition } from '../../api/layouts';
import { CUSTOM_FIELD_RECORD_TYPE, SCREENABLE_NOUNS, type ScreenDefinition } from '../../contract/layouts';
import { Button, ButtonLink } from '../../ui/button';
import { ChecklistField } from '../../ui/field';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader, screenTitle } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { showToast } from '../../ui/toast';
import { AdministratorGate, AdministratorsOnly, isForbidden } from './administrators-only';
import { layoutUsedBy } from './layout-assignments';
import {
  clearFieldErrors,
  clearSectionErrors,
  draftOf,
  draftProblems,
  fieldCount,
  hasErrors,
  isDirty,
  kindLabel,
  placeErrors,
  savedDraft,
  setMakeDefault,
  setName,
  setProductIds,
  toUpdateBody,
  type LayoutDraft,
  type PlacedErrors,
  type SummaryTarget,
} from './layout-editor-model';
import { LayoutPreview } from './layout-preview';
import { SectionsEditor, fieldRowId, sectionNameId, type EditorChange } from './layout-sections-editor';
import '../../ui/form-shell.css';
import './layouts.css';

export function LayoutEditorPage() {
  const { layoutId = '' } = useParams();
  return (
    <AdministratorGate frame={(state) => <EditorFrame title="Layout">{state}</EditorFrame>}>
      <LayoutLoader id={layoutId} />
    </AdministratorGate>
  );
}

/** The page around a state that is not the editor: its heading and the way back. */
function EditorFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="stack">
      <title>{screenTitle(title)}</title>
      <PageHeader workspace={false} eyebrow={<BackLink />} title={title} />
      {children}
    </div>
  );
}

function BackLink() {
  return (
    <ButtonLink to={paths.layouts()} variant="ghost" size="sm">
      ← Layouts
    </ButtonLink>
  );
}

function LayoutLoader({ id }: { id: string }) {
  const layout = useQuery(layoutQueries.detail(id));
  if (layout.isPending) {
    return (
      <EditorFrame title="Layout">
        <Loading label="Loading the layout…" />
      </EditorFrame>
    );
  }
  if (layout.isError) {
    if (isForbidden(layout.error)) {
      return (
        <EditorFrame title="Layout">
          <AdministratorsOnly />
        </EditorFrame>
      );
    }
    if (layout.error instanceof ApiError && layout.error.isNotFound) {
      return (
        <EditorFrame title="Layout not found">
          <div className="card">
            <EmptyState kind="search" title="This layout does not exist" action={<ButtonLink to={paths.layouts()}>All layouts</ButtonLink>}>
              It may have been deleted.
            </EmptyState>
          </div>
        </EditorFrame>
      );
    }
    return (
      <EditorFrame title="Layout">
        <ErrorState error={layout.error} onRetry={() => void layout.refetch()} retrying={layout.isFetching} />
      </EditorFrame>
    );
  }
  // Keyed by id: another layout's editor starts from its own answer, never from this one's draft.
  return <LayoutEditor key={layout.data.id} definition={layout.data} />;
}

const FORM_ID = 'layout-editor-form';

function LayoutEditor({ definition }: { definition: ScreenDefinition }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(() => draftOf(definition));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<PlacedErrors | null>(null);
  const [failures, setFailures] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const update = useUpdateScreenDefinition();
  const remove = useDeleteScreenDefinition();
  const definitions = useQuery(customFieldDefinitionQueries.account(CUSTOM_FIELD_RECORD_TYPE[definition.screenable_type]));
  const products = useQuery(accountQueries.products());
  const layouts = useQuery(layoutQueries.list());
  const noun = SCREENABLE_NOUNS[draft.type];
  const dirty = isDirty(saved, draft);

  // Leaving with unsaved changes asks first: in the app (the router's blocker) and out of it.
  // Set once the layout is deleted: there is nothing left to save.
  const gone = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !gone.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  // After a refused save the summary takes the focus, so its messages are read first.
  useEffect(() => {
    if (failures > 0) summaryRef.current?.focus();
  }, [failures]);

  const change = (next: LayoutDraft, touched: EditorChange = {}) => {
    setDraft(next);
    setErrors((current) => {
      let left = current;
      if (touched.field) left = clearFieldErrors(left, touched.field);
      if (touched.section) left = clearSectionErrors(left, touched.section);
      return left;
    });
  };

  const fail = (placed: PlacedErrors) => {
    setErrors(placed);
    setFailures((n) => n + 1);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems = draftProblems(draft);
    if (Object.keys(problems).length > 0) {
      fail(placeErrors(problems, draft));
      return;
    }
    setErrors(null);
    const sent = draft;
    try {
      const answer = await update.mutateAsync({ id: definition.id, input: toUpdateBody(sent) });
      const next = savedDraft(answer, sent);
      setSaved(next);
      setDraft(next);
      showToast(`Layout “${answer.name}” saved`);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
        fail(placeErrors(error.fieldErrors, sent));
      } else {
        fail({
          ...placeErrors({}, sent),
          general: [errorMessage(error)],
          summary: [{ text: errorMessage(error), target: { kind: 'none' } }],
        });
      }
    }
  };

  const confirmDelete = () => {
    remove.mutate(definition.id, {
      onSuccess: () => {
        setDeleting(false);
        showToast(`Layout “${saved.name}” deleted`);
        gone.current = true;
        void navigate(paths.layouts());
      },
    });
  };

  const focusTarget = (target: SummaryTarget) => {
    const id =
      target.kind === 'name'
        ? 'layout-name'
        : target.kind === 'default'
          ? 'layout-default'
          : target.kind === 'products'
            ? 'layout-products'
            : target.kind === 'section'
              ? sectionNameId(target.id)
              : target.kind === 'field'
                ? fieldRowId(target.key)
                : null;
    const element = id ? document.getElementById(id) : null;
    const focusable = element?.matches('fieldset') ? element.querySelector<HTMLElement>('input') : element;
    (focusable ?? element)?.focus();
    // Not every DOM has it (jsdom in the component tests); focus alone still reaches the problem.
    if (typeof element?.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
  };

  const workspaces = products.data?.products ?? [];
  const allLayouts = layouts.data ?? [];
  const usedNow = (productId: string) => layoutUsedBy(productId, draft.type, allLayouts);
  const workspaceItems = workspaces.map((p) => {
    const current = usedNow(p.id);
    const note = !layouts.data || current?.id === definition.id ? null : current ? `now ${current.name}` : 'now the built-in layout';
    return {
      value: p.id,
      label: (
        <>
          {p.name}
          {note ? <span className="layout-settings__now muted"> — {note}</span> : null}
        </>
      ),
    };
  });

  const shownErrors = hasErrors(errors) ? errors : null;
  const title = saved.name || 'Untitled layout';

  return (
    <div className="stack layout-editor-page">
      <title>{screenTitle(`${title} · Layouts`)}</title>
      <PageHeader
        workspace={false}
        eyebrow={<BackLink />}
        title={title}
        meta={
          <span className="layout-editor__meta">
            <span>{kindLabel(draft.type)} layout</span>
            {saved.wasDefault ? <span className="tag tag--default">Default</span> : null}
            <span className="muted">
              {draft.sections.length} {draft.sections.length === 1 ? 'section' : 'sections'} · {fieldCount(draft.sections)} fields
            </span>
            {dirty ? <span className="tag tag--unsaved">Unsaved changes</span> : null}
          </span>
        }
        actions={
          <>
            {saved.wasDefault ? null : (
              <Button variant="danger" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
            <Button type="submit" form={FORM_ID} variant="primary" pending={update.isPending} pendingLabel="Saving…">
              Save layout
            </Button>
          </>
        }
      />

      <form id={FORM_ID} className="layout-editor" onSubmit={(e) => void save(e)} noValidate aria-label={`Edit layout ${title}`}>
        {shownErrors ? (
          <div className="form-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby="layout-summary-title">
            <p className="form-summary__title" id="layout-summary-title">
              {shownErrors.summary.length === 1
                ? 'The layout could not be saved: 1 problem'
                : `The layout could not be saved: ${shownErrors.summary.length} problems`}
            </p>
            <ul className="form-summary__list">
              {shownErrors.summary.map((item, i) =>
                item.target.kind === 'none' ? (
                  <li key={`${i}-${item.text}`}>{item.text}</li>
                ) : (
                  <li key={`${i}-${item.text}`}>
                    <a
                      href={`#${FORM_ID}`}
                      onClick={(event) => {
                        event.preventDefault();
                        focusTarget(item.target);
                      }}
                    >
                      {item.text}
                    </a>
                  </li>
                ),
              )}
            </ul>
          </div>
        ) : null}

        <section className="card layout-settings" aria-labelledby="layout-settings-title">
          <h2 className="visually-hidden" id="layout-settings-title">
            Settings
          </h2>
          <div className="layout-settings__grid">
            <div className={`field${shownErrors?.name.length ? ' field--invalid' : ''}`}>
              <div className="field__label-row">
                <label className="field__label" htmlFor="layout-name">
                  Name
                </label>
                <span className="field__required" aria-hidden="true">
                  *
                </span>
              </div>
              <input
                id="layout-name"
                className="input"
                value={draft.name}
                maxLength={255}
                autoComplete="off"
                aria-required
                aria-invalid={Boolean(shownErrors?.name.length)}
                aria-describedby={shownErrors?.name.length ? 'layout-name-error' : undefined}
                onChange={(e) => {
                  change(setName(draft, e.target.value));
                  setErrors((current) =>
                    current ? { ...current, name: [], summary: current.summary.filter((s) => s.target.kind !== 'name') } : current,
                  );
                }}
              />
              {shownErrors?.name.length ? (
                <p className="field__error" id="layout-name-error">
                  {shownErrors.name.join(' ')}
                </p>
              ) : null}
            </div>

            <div className="field layout-settings__default">
              <label className="checkbox">
                <input
                  type="checkbox"
                  id="layout-default"
                  checked={draft.makeDefault}
                  disabled={draft.wasDefault}
                  aria-describedby="layout-default-hint"
                  onChange={(e) => change(setMakeDefault(draft, e.target.checked))}
                />
                <span>Default for {noun.many}</span>
              </label>
              <p className="field__hint" id="layout-default-hint">
                {draft.wasDefault
                  ? `Every workspace without a ${noun.one} layout of its own uses it. To change that, make another ${noun.one} layout the default.`
                  : draft.makeDefault
                    ? `On save it becomes the ${noun.many}' default, in place of the current one.`
                    : `Used by the workspaces chosen here; the others keep the default.`}
              </p>
              {shownErrors?.default.length ? <p className="field__error">{shownErrors.default.join(' ')}</p> : null}
            </div>

            <ChecklistField
              id="layout-products"
              className="layout-settings__products"
              legend="Assigned to workspaces"
              name="product_ids"
              items={workspaceItems}
              value={draft.productIds}
              onChange={(ids) => change(setProductIds(draft, ids))}
              hint={`A workspace chosen here uses this layout for its ${noun.many} (it leaves the one it had).`}
              empty={products.isPending ? 'Loading the workspaces…' : 'There are no workspaces.'}
              error={shownErrors?.productIds.length ? shownErrors.productIds.join(' ') : undefined}
            />
          </div>
        </section>

        <div className="layout-editor__body">
          <SectionsEditor
            draft={draft}
            definitions={definitions.data ?? []}
            definitionsReady={!definitions.isPending}
            errors={shownErrors}
            onChange={change}
          />
          <div className="layout-editor__preview">
            <LayoutPreview draft={draft} />
          </div>
        </div>

        <div className="form-actions layout-editor__actions">
          <Button type="submit" variant="primary" pending={update.isPending} pendingLabel="Saving…">
            Save layout
          </Button>
          <Button disabled={!dirty || update.isPending} onClick={() => change(saved)}>
            Discard changes
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={deleting}
        title={`Delete the layout “${saved.name}”?`}
        confirmLabel="Delete layout"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        onConfirm={confirmDelete}
        onCancel={() => {
          setDeleting(false);
          remove.reset();
        }}
      >
        <p>
          The workspaces that use it go back to the {noun.many}' default layout. Layouts are not kept in the recycle bin: this cannot be
          undone.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>The changes to this layout are not saved yet.</p>
      </ConfirmDialog>
    </div>
  );
}
