// Adding an idea (`/ideas/new`): the name with duplicate suggestions as one types (the related-ideas
// index, from 3 characters, once typing pauses; a live region says how many), each with its votes,
// status, a link and "Vote for this instead"; a plain-text description; categories as nested
// checkboxes; files, each uploaded once the idea exists (a failed file is reported, the idea is
// kept). Nobody signed in: the sign-in form in place, and back here afterwards.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import * as z from 'zod/mini';
import {
  PORTAL_NAME_MAX,
  PORTAL_TEXT_MAX,
  portalAttachmentSchema,
  portalIdeaEnvelope,
  portalRelatedSchema,
} from '../../contract/portal-site';
import type { PortalCategory, PortalIdea, PortalIdeaSummary, PortalInfo, Viewer } from '../../contract/portal-site';
import { errorText, PortalApiError, request } from '../api';
import { count, fileSize } from '../format';
import { Link, navigate, PageHeading } from '../router';
import { invalidate, useSession } from '../store';
import { BackLink, Field, FieldError, focusFirstInvalid, otherErrors, StatusPill, useDocumentTitle } from '../ui';
import { castVote, voteRefusal } from '../vote-button';
import { SignInForm } from './sign-in';

/** Pause after the last key before asking for similar ideas. */
export const RELATED_DELAY_MS = 250;
/** Characters typed before suggestions start. */
export const RELATED_MIN_CHARS = 3;

const attachmentAnswer = z.object({ attachment: portalAttachmentSchema });

export interface Related {
  ideas: PortalIdeaSummary[];
  /** The text the ideas are for ('' before any search). */
  searched: string;
  loading: boolean;
}

const NO_RELATED: Related = { ideas: [], searched: '', loading: false };

/** Similar ideas to `text`, asked for once typing pauses; older answers arriving late are dropped. */
export function useRelated(text: string): Related {
  const [state, setState] = useState<Related>(NO_RELATED);
  const q = text.trim();
  const short = q.length < RELATED_MIN_CHARS;
  useEffect(() => {
    if (short) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      request(`/ideas/related?q=${encodeURIComponent(q)}`, portalRelatedSchema, { signal: controller.signal }).then(
        (answer) => setState({ ideas: answer.ideas, searched: q, loading: false }),
        (err: unknown) => {
          if (controller.signal.aborted) return;
          // Suggestions are a help: a failed one leaves the form as it was.
          void err;
          setState((s) => ({ ...s, loading: false }));
        },
      );
    }, RELATED_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q, short]);
  // Under 3 characters nothing is suggested (and what was, is gone).
  return short ? NO_RELATED : state;
}

/** "3 similar ideas", "1 similar idea", "No similar ideas". */
export function relatedAnnouncement(related: Related): string {
  if (!related.searched) return '';
  return related.ideas.length === 0 ? 'No similar ideas' : count(related.ideas.length, 'similar idea');
}

export default function NewIdeaScreen({ portal, viewer }: { portal: PortalInfo; viewer: Viewer | null }) {
  useDocumentTitle('Add an idea', portal.title);
  if (!viewer) {
    return (
      <div className="screen narrow">
        <BackLink />
        <PageHeading className="screen-title">Add an idea</PageHeading>
        <p className="lead">Sign in to add an idea. The link we email brings you back to this form.</p>
        <SignInForm returnTo="/ideas/new" />
      </div>
    );
  }
  return <NewIdeaForm portal={portal} />;
}

type Upload = { file: File; state: 'waiting' | 'uploading' | 'done' | 'failed'; message?: string };

function NewIdeaForm({ portal }: { portal: PortalInfo }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [categories, setCategories] = useState<ReadonlySet<string>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<PortalIdea | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const related = useRelated(name);
  const ids = useId();
  const fieldErrors = error instanceof PortalApiError ? error.fieldErrors : {};
  const problems = otherErrors(error, ['name', 'description', 'categories']);

  // After a refusal has marked the fields, the first one takes focus.
  useEffect(() => {
    if (error) focusFirstInvalid(form.current);
  }, [error]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setError(new PortalApiError(422, 'Name your idea', { name: ["can't be blank"] }));
      return;
    }
    setPending(true);
    setError(null);
    let idea: PortalIdea;
    try {
      const answer = await request('/ideas', portalIdeaEnvelope, {
        method: 'POST',
        json: { name, description, categories: [...categories] },
      });
      idea = answer.idea;
    } catch (err) {
      setError(err);
      setPending(false);
      return;
    }
    invalidate((path) => path.startsWith('/ideas?') || path === '/roadmap');
    const list: Upload[] = files.map((file) => ({ file, state: 'waiting' }));
    setCreated(idea);
    setUploads(list);
    const failed = await uploadAll(idea, list, setUploads);
    setPending(false);
    if (!failed) navigate(`/ideas/${encodeURIComponent(idea.reference_num)}`);
  };

  if (created && uploads.length > 0) return <Submitted idea={created} uploads={uploads} pending={pending} />;

  return (
    <div className="screen narrow new-idea">
      <BackLink />
      <PageHeading className="screen-title">Add an idea</PageHeading>
      <p className="lead">Tell the team what you need and why. Someone may have asked already: we show similar ideas as you type.</p>
      <form ref={form} className="card idea-form" onSubmit={(e) => void submit(e)} noValidate>
        {problems.length > 0 ? (
          <div className="error-box" role="alert">
            <p className="error-title">The idea could not be added</p>
            <p>{problems.join(' ')}</p>
          </div>
        ) : null}
        <Field label="Your idea" required errors={fieldErrors.name} hint="A short title, like “Export the roadmap as PDF”.">
          {(control) => (
            <input
              {...control}
              className="input"
              aria-required="true"
              autoComplete="off"
              maxLength={PORTAL_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Suggestions related={related} />
        <Field
          label="Details"
          errors={fieldErrors.description}
          hint="What problem would it solve for you? Plain text; leave a blank line between paragraphs."
        >
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={6}
              maxLength={PORTAL_TEXT_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        {portal.categories.length > 0 ? (
          <CategoryPicker
            categories={portal.categories}
            chosen={categories}
            errors={fieldErrors.categories}
            onChange={setCategories}
            idBase={ids}
          />
        ) : null}
        <FilePicker files={files} onChange={setFiles} />
        <div className="form-actions">
          <Link to="/" className="button button-ghost">
            Cancel
          </Link>
          <button type="submit" className="button button-primary" aria-disabled={pending || undefined}>
            {pending ? 'Submitting…' : 'Submit idea'}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Uploads each file in turn; true when one or more failed. */
async function uploadAll(idea: PortalIdea, list: Upload[], show: (u: Upload[]) => void): Promise<boolean> {
  const state = [...list];
  let failed = false;
  for (let i = 0; i < state.length; i++) {
    const item = state[i];
    if (!item) continue;
    state[i] = { ...item, state: 'uploading' };
    show([...state]);
    const body = new FormData();
    body.append('file', item.file, item.file.name);
    try {
      await request(`/ideas/${encodeURIComponent(idea.id)}/attachments`, attachmentAnswer, { method: 'POST', form: body });
      state[i] = { ...item, state: 'done' };
    } catch (err) {
      failed = true;
      const message = err instanceof PortalApiError && err.status === 413 ? 'The file is too large.' : errorText(err);
      state[i] = { ...item, state: 'failed', message };
    }
    show([...state]);
  }
  return failed;
}

function Submitted({ idea, uploads, pending }: { idea: PortalIdea; uploads: Upload[]; pending: boolean }) {
  const failed = uploads.filter((u) => u.state === 'failed').length;
  return (
    <div className="screen narrow">
      <PageHeading className="screen-title">{pending ? 'Adding your files…' : 'Your idea was submitted'}</PageHeading>
      <div className="card">
        <p>
          <strong>{idea.name}</strong> ({idea.reference_num}) is in.{' '}
          {pending ? 'Its files are on their way.' : failed > 0 ? `${count(failed, 'file')} could not be attached:` : ''}
        </p>
        <ul className="upload-list" aria-live="polite">
          {uploads.map((u, i) => (
            <li key={i} className={`upload is-${u.state}`}>
              <span className="upload-name">{u.file.name}</span>
              <span className="upload-state">
                {u.state === 'waiting'
                  ? 'Waiting'
                  : u.state === 'uploading'
                    ? 'Uploading…'
                    : u.state === 'done'
                      ? 'Attached'
                      : `Not attached: ${u.message ?? 'failed'}`}
              </span>
            </li>
          ))}
        </ul>
        {!pending ? (
          <Link to={`/ideas/${encodeURIComponent(idea.reference_num)}`} className="button button-primary">
            Go to your idea
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function Suggestions({ related }: { related: Related }) {
  const announcement = relatedAnnouncement(related);
  const { viewer } = useSession();
  const headingId = useId();
  return (
    <div className="suggestions">
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {related.ideas.length > 0 ? (
        <section className="suggest-box" aria-labelledby={headingId}>
          <h2 id={headingId} className="small-title">
            {count(related.ideas.length, 'similar idea')}: is yours one of them?
          </h2>
          <ul className="suggest-list">
            {related.ideas.map((idea) => (
              <Suggestion key={idea.id} idea={idea} viewer={viewer} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Suggestion({ idea, viewer }: { idea: PortalIdeaSummary; viewer: Viewer | null }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const to = `/ideas/${encodeURIComponent(idea.reference_num)}`;
  const refusal = voteRefusal(idea, viewer);
  const voteInstead = async () => {
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      await castVote(idea.id, false);
      navigate(to);
    } catch (err) {
      setProblem(errorText(err));
      setPending(false);
    }
  };
  let action: ReactNode;
  if (idea.my_votes > 0) {
    action = <span className="muted small">You voted for this</span>;
  } else if (refusal) {
    action = <span className="muted small">{refusal}</span>;
  } else {
    action = (
      <button
        type="button"
        className="button button-small"
        aria-label={`Vote for this instead: ${idea.name}`}
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        onClick={() => void voteInstead()}
      >
        {pending ? 'Voting…' : 'Vote for this instead'}
      </button>
    );
  }
  return (
    <li className="suggestion">
      <span className="suggest-votes">
        {idea.votes} <span className="sr-only">{idea.votes === 1 ? 'vote' : 'votes'}</span>
      </span>
      <span className="suggest-body">
        <Link to={to} className="suggest-name">
          {idea.name}
        </Link>
        <span className="idea-meta">
          <StatusPill status={idea.status} />
          <span className="meta-item meta-muted">{idea.reference_num}</span>
        </span>
        {problem ? (
          <span className="field-error" role="alert">
            {problem}
          </span>
        ) : null}
      </span>
      <span className="suggest-action">{action}</span>
    </li>
  );
}

function CategoryPicker({
  categories,
  chosen,
  errors,
  onChange,
  idBase,
}: {
  categories: readonly PortalCategory[];
  chosen: ReadonlySet<string>;
  errors: string[] | undefined;
  onChange: (next: ReadonlySet<string>) => void;
  idBase: string;
}) {
  const byParent = new Map<string | null, PortalCategory[]>();
  const known = new Set(categories.map((c) => c.id));
  for (const c of categories) {
    const parent = c.parent_id !== null && known.has(c.parent_id) ? c.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  const errorId = `${idBase}-categories-error`;
  const level = (parent: string | null, depth: number): ReactNode => {
    const items = byParent.get(parent);
    if (!items || depth > 8) return null;
    return (
      <ul className={depth === 0 ? 'category-tree' : 'category-children'}>
        {items.map((c) => (
          <li key={c.id}>
            <label className="check">
              <input
                type="checkbox"
                checked={chosen.has(c.id)}
                aria-invalid={errors?.length ? true : undefined}
                aria-describedby={errors?.length ? errorId : undefined}
                onChange={(e) => toggle(c.id, e.target.checked)}
              />
              {c.name}
            </label>
            {level(c.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <fieldset className="field fieldset">
      <legend className="field-label">
        Categories <span className="muted">(optional)</span>
      </legend>
      {level(null, 0)}
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}

function FilePicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Attachments <span className="muted">(optional)</span>
      </label>
      <input
        id={id}
        type="file"
        multiple
        className="file-input"
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const picked = [...(e.target.files ?? [])];
          const seen = new Set(files.map((f) => `${f.name}:${f.size}`));
          onChange([...files, ...picked.filter((f) => !seen.has(`${f.name}:${f.size}`))]);
          e.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        Screenshots or documents that show what you mean. They are attached once the idea is submitted.
      </p>
      {files.length > 0 ? (
        <ul className="file-list" aria-label="Files to attach">
          {files.map((f, i) => (
            <li key={`${f.name}:${f.size}`}>
              <span className="upload-name">{f.name}</span>
              <span className="muted small">{fileSize(f.size)}</span>
              <button type="button" className="link-button" onClick={() => onChange(files.filter((_, j) => j !== i))}>
                Remove <span className="sr-only">{f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
