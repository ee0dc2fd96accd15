// The layout as a member meets it, drawn from the draft as it is edited: the create form (section
// titles, fields in order, required marks, a disabled control of the field's kind) or the record
// page (the fields it shows, without values). A stand-in with placeholder controls, not the real
// record forms: those need a workspace's choices, and the preview belongs to none.
import { useId, useState, type ReactNode } from 'react';
import { SCREENABLE_NOUNS } from '../../contract/layouts';
import type { EditorField, LayoutDraft } from './layout-editor-model';
import { previewControl, previewSections, type PreviewControl, type PreviewSection } from './layout-preview-model';

type View = 'form' | 'page';

const VIEWS: { id: View; label: string }[] = [
  { id: 'form', label: 'Create form' },
  { id: 'page', label: 'Record page' },
];

export function LayoutPreview({ draft }: { draft: LayoutDraft }) {
  const [view, setView] = useState<View>('form');
  const prefix = `pv${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { main, side } = previewSections(draft.sections, view);
  const noun = SCREENABLE_NOUNS[draft.type].one;
  const empty = main.length === 0 && side.length === 0;
  return (
    <section className="card layout-preview" aria-labelledby={`${prefix}-title`}>
      <header className="layout-preview__header">
        <h2 className="layout-preview__title" id={`${prefix}-title`}>
          Preview
        </h2>
        <div className="layout-preview__views" role="group" aria-label="Preview of">
          {VIEWS.map((v) => (
            <button
              key={v.id}
              type="button"
              className={`layout-preview__view${view === v.id ? ' layout-preview__view--on' : ''}`}
              aria-pressed={view === v.id}
              onClick={() => setView(v.id)}
            >
              {v.label}
            </button>
          ))}
        </div>
      </header>
      <p className="layout-preview__help muted">
        {view === 'form' ? `The new ${noun} form as a member sees it.` : `A ${noun}'s page: the fields it shows, in order.`}
      </p>
      <div
        className="layout-preview__frame"
        aria-label={view === 'form' ? `New ${noun} form (preview)` : `${noun} page (preview)`}
        role="group"
      >
        <p className="layout-preview__record-title" aria-hidden="true">
          {view === 'form' ? `New ${noun}` : `A ${noun}`}
        </p>
        {empty ? (
          <p className="muted">{view === 'form' ? 'No field is on the form.' : 'No field is on the page.'}</p>
        ) : (
          <div className={`layout-preview__columns${side.length > 0 && main.length > 0 ? ' layout-preview__columns--two' : ''}`}>
            {main.length > 0 ? <PreviewColumn sections={main} view={view} draft={draft} prefix={prefix} /> : null}
            {side.length > 0 ? <PreviewColumn sections={side} view={view} draft={draft} prefix={prefix} side /> : null}
          </div>
        )}
        {view === 'form' && !empty ? (
          <div className="layout-preview__actions" aria-hidden="true">
            {/* Disabled like the rest of the preview (and so left out of the contrast rule, as the inputs are). */}
            <button type="button" className="btn btn--primary btn--sm" disabled>
              Create {noun}
            </button>
            <button type="button" className="btn btn--secondary btn--sm" disabled>
              Cancel
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function PreviewColumn({
  sections,
  view,
  draft,
  prefix,
  side = false,
}: {
  sections: PreviewSection[];
  view: View;
  draft: LayoutDraft;
  prefix: string;
  side?: boolean;
}) {
  return (
    <div className={`layout-preview__column${side ? ' layout-preview__column--side' : ''}`}>
      {sections.map((section) => (
        <div key={section.id} className="layout-preview__section">
          <h3 className="layout-preview__section-title">{section.name}</h3>
          {view === 'form' ? (
            <div className="layout-preview__fields">
              {section.fields.map((field) => (
                <PreviewField
                  key={field.field}
                  field={field}
                  control={previewControl(draft.type, field)}
                  id={`${prefix}-${safe(field.field)}`}
                />
              ))}
            </div>
          ) : (
            <dl className="layout-preview__details">
              {section.fields.map((field) => (
                <div key={field.field} className="layout-preview__detail">
                  <dt>{field.label}</dt>
                  <dd className="muted">—</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ))}
    </div>
  );
}

const safe = (text: string): string => text.replace(/[^a-zA-Z0-9_-]/g, '-');

/** "Name *" with "required" for screen readers (the asterisk itself is hidden from them). */
function LabelText({ label, required }: { label: string; required: boolean }) {
  return (
    <>
      {label}
      {required ? (
        <>
          {' '}
          <span className="field__required layout-preview__required" aria-hidden="true">
            *
          </span>{' '}
          <span className="visually-hidden">(required)</span>
        </>
      ) : null}
    </>
  );
}

function PreviewField({ field, control, id }: { field: EditorField; control: PreviewControl; id: string }) {
  if (control.kind === 'group' || control.kind === 'checks') {
    return (
      <fieldset className="layout-preview__group" disabled>
        <legend className="field__label">
          <LabelText label={field.label} required={field.required} />
        </legend>
        <div className="layout-preview__parts">
          {control.kind === 'group'
            ? control.parts.map((part, i) => (
                <div key={part.label} className="layout-preview__part">
                  {part.control.kind === 'checkbox' ? (
                    <Control control={part.control} id={`${id}-${i}`} />
                  ) : (
                    <>
                      <label className="layout-preview__part-label" htmlFor={`${id}-${i}`}>
                        {part.label}
                      </label>
                      <Control control={part.control} id={`${id}-${i}`} />
                    </>
                  )}
                </div>
              ))
            : control.options.map((option, i) => (
                <label key={option} className="checkbox layout-preview__check">
                  <input type="checkbox" disabled id={`${id}-${i}`} />
                  <span>{option}</span>
                </label>
              ))}
        </div>
      </fieldset>
    );
  }
  if (control.kind === 'checkbox') {
    return (
      <div className="field">
        <label className="checkbox layout-preview__check" htmlFor={id}>
          <input type="checkbox" id={id} disabled />
          <span>
            <LabelText label={field.label} required={field.required} />
          </span>
        </label>
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        <LabelText label={field.label} required={field.required} />
      </label>
      <Control control={control} id={id} />
    </div>
  );
}

function Control({ control, id }: { control: PreviewControl; id: string }): ReactNode {
  switch (control.kind) {
    case 'textarea':
      return <textarea id={id} className="input textarea layout-preview__textarea" rows={2} disabled />;
    case 'select':
      return (
        <select id={id} className="input select" disabled defaultValue="">
          <option value="">{control.placeholder}</option>
          {control.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case 'checkbox':
      return (
        <label className="checkbox layout-preview__check" htmlFor={id}>
          <input type="checkbox" id={id} disabled />
          <span>{control.text}</span>
        </label>
      );
    case 'group':
    case 'checks':
      return null;
    default:
      return <input id={id} className="input" type={control.kind} disabled />;
  }
}
