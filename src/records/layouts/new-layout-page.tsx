// A new layout (administrators): its kind and its name. The service starts it from the kind's
// default sections; the editor opens on it next, to place fields and assign workspaces.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useCreateScreenDefinition } from '../../api/layouts';
import { NAME_MAX } from '../../contract/common';
import { SCREENABLE_NOUNS, SCREENABLE_TYPES, type ScreenableType } from '../../contract/layouts';
import { ButtonLink } from '../../ui/button';
import { BoundSelect, BoundText } from '../../ui/form-fields';
import { FormShell, useRecordForm } from '../../ui/form-shell';
import { PageHeader, screenTitle } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { AdministratorGate } from './administrators-only';
import { kindLabel } from './layout-editor-model';
import './layouts.css';

const TITLE = 'New layout';

const newLayoutSchema = z.object({
  screenable_type: z.enum(SCREENABLE_TYPES, { error: 'choose a kind' }),
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX, `is too long (at most ${NAME_MAX} characters)`),
});
type NewLayoutValues = z.input<typeof newLayoutSchema>;

const KIND_OPTIONS = SCREENABLE_TYPES.map((type) => ({ value: type, label: kindLabel(type) }));

const isKind = (value: string | null): value is ScreenableType => (SCREENABLE_TYPES as readonly string[]).includes(value ?? '');

export function NewLayoutPage() {
  return (
    <div className="stack">
      <title>{screenTitle(TITLE)}</title>
      <PageHeader
        workspace={false}
        title={TITLE}
        eyebrow={
          <ButtonLink to={paths.layouts()} variant="ghost" size="sm">
            ← Layouts
          </ButtonLink>
        }
      />
      <AdministratorGate>
        <NewLayoutForm />
      </AdministratorGate>
    </div>
  );
}

function NewLayoutForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('type');
  const create = useCreateScreenDefinition();
  const form = useRecordForm(newLayoutSchema, (): NewLayoutValues => ({ screenable_type: isKind(asked) ? asked : 'Feature', name: '' }));
  const kind = form.watch('screenable_type');
  const noun = isKind(kind) ? SCREENABLE_NOUNS[kind] : null;
  return (
    <FormShell
      form={form}
      label={TITLE}
      submitLabel="Create layout"
      pendingLabel="Creating…"
      cancel={{ to: paths.layouts() }}
      onSubmit={(values) => create.mutateAsync({ screenable_type: values.screenable_type, name: values.name })}
      successMessage={(layout) => `Layout “${layout.name}” created`}
      onSuccess={(layout) => void navigate(paths.layout(layout.id))}
    >
      <div className="form-grid">
        <BoundSelect name="screenable_type" label="Record kind" options={KIND_OPTIONS} required />
        <BoundText name="name" label="Name" required hint={noun ? `For example “Quick ${noun.one} capture”.` : undefined} />
      </div>
      <p className="muted new-layout-form__note">
        It starts with the {noun ? noun.many : 'kind'}’ standard sections. Next you place fields, choose what is required and assign it to
        workspaces; until then no workspace uses it.
      </p>
    </FormShell>
  );
}
