// @vitest-environment jsdom
// Field wiring as assistive tech sees it: the label names the control, the error is announced and
// attached, and the react-hook-form helpers keep that shape.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxField, Field, SelectField, TextField } from './field';

afterEach(cleanup);

describe('Field', () => {
  it('labels the control and attaches hint and error through aria-describedby', () => {
    render(
      <Field label="Name" hint="Shown on the roadmap" error="can't be blank" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Shown on the roadmap', "can't be blank"]);
    expect(screen.getByRole('alert').textContent).toBe("can't be blank");
  });

  it('is not invalid and has no alert without an error', () => {
    render(<Field label="Name">{(control) => <input {...control} />}</Field>);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function Demo({ onValues }: { onValues: (v: { title: string; kind: string; done: boolean }) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { title: '', kind: '', done: false } });
  return (
    <form onSubmit={(e) => void handleSubmit(onValues)(e)}>
      <TextField label="Title" registration={register('title')} />
      <SelectField
        label="Kind"
        registration={register('kind')}
        placeholder="None"
        options={[
          { value: 'bug', label: 'Bug' },
          { value: 'story', label: 'Story' },
        ]}
      />
      <CheckboxField label="Done" registration={register('done')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('react-hook-form helpers', () => {
  it('bind text, select and checkbox values to the form', async () => {
    const user = userEvent.setup();
    let values: { title: string; kind: string; done: boolean } | undefined;
    render(<Demo onValues={(v) => (values = v)} />);
    await user.type(screen.getByLabelText('Title'), 'Login page');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Story');
    await user.click(screen.getByLabelText('Done'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(values).toEqual({ title: 'Login page', kind: 'story', done: true });
  });
});
