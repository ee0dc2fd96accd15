// The workspace (product) picker in the sidebar. Choosing one keeps the person on the same kind of
// screen (releases, features, board) in the new workspace.
import { useId } from 'react';
import type { Product } from '../../contract/account';

export interface WorkspaceSwitcherProps {
  products: readonly Product[];
  currentId: string | null;
  onChange: (productId: string) => void;
}

export function WorkspaceSwitcher({ products, currentId, onChange }: WorkspaceSwitcherProps) {
  const id = useId();
  const known = products.some((p) => p.id === currentId);
  return (
    <div className="sidebar__section">
      <label className="sidebar__label" htmlFor={id}>
        Workspace
      </label>
      <select
        id={id}
        className="input select"
        value={known && currentId ? currentId : ''}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
      >
        {known ? null : (
          <option value="" disabled>
            Choose a workspace
          </option>
        )}
        {products.map((p) => (
          <option key={p.id} value={p.id} title={`${p.name} (${p.reference_prefix})`}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
