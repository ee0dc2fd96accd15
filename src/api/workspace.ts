// Which workspace (product) the person last worked in, remembered across visits so `/` opens it
// again. The URL (`/w/:productId/...`) stays the source of truth while on a workspace screen.
import { useSyncExternalStore } from 'react';
import type { Product } from '../contract/account';

const KEY = 'planner.workspace';
const listeners = new Set<() => void>();

export function getRememberedProductId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberProductId(productId: string): void {
  if (getRememberedProductId() === productId) return;
  try {
    localStorage.setItem(KEY, productId);
  } catch {
    // Storage disabled: the choice lasts as long as the URL does.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useRememberedProductId(): string | null {
  return useSyncExternalStore(subscribe, getRememberedProductId, () => null);
}

/** The remembered workspace when it still exists, else the first one; null when there are none. */
export function pickWorkspace(products: readonly Product[], remembered: string | null): Product | null {
  return products.find((p) => p.id === remembered) ?? products[0] ?? null;
}
