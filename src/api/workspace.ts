// Which workspace (product) the person last worked in, remembered per planning service across
// visits so `/` (and sign-in) opens it again; with none remembered, the workspace with the most
// features and releases. The URL (`/w/:productId/...`) stays the source of truth on a workspace screen.
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import type { Product } from '../contract/account';
import { paginationSchema } from '../contract/common';
import { apiGet } from './client';
import { getSession } from './session';

const KEY = 'planner.workspace';
const listeners = new Set<() => void>();

/** Ids differ from one service to the next, so each server URL has its own memory ('' = this site). */
function storageKey(): string {
  const server = getSession()?.serverUrl ?? '';
  return server ? `${KEY}@${server}` : KEY;
}

export function getRememberedProductId(): string | null {
  try {
    return localStorage.getItem(storageKey());
  } catch {
    return null;
  }
}

export function rememberProductId(productId: string): void {
  if (getRememberedProductId() === productId) return;
  try {
    localStorage.setItem(storageKey(), productId);
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

/** Workspaces weighed on a first visit; an account with more lands on the richest of these. */
const MAX_WEIGHED = 20;

const countOnly = z.object({ pagination: paginationSchema });

/** Features plus releases of a workspace, from two one-row pages (their totals); 0 when unknown. */
async function workspaceSize(productId: string, signal?: AbortSignal): Promise<number> {
  const id = encodeURIComponent(productId);
  const totals = await Promise.all(
    ['features', 'releases'].map((kind) =>
      apiGet(`/products/${id}/${kind}`, countOnly, { per_page: 1 }, { signal })
        .then((page) => page.pagination.total_records)
        .catch(() => 0),
    ),
  );
  return totals.reduce((a, b) => a + b, 0);
}

/** The workspace with the largest size; the first one listed wins a tie. */
export function pickRichest(products: readonly Product[], sizes: readonly number[]): Product | null {
  let best: Product | null = null;
  let bestSize = -1;
  products.forEach((product, i) => {
    const size = sizes[i] ?? 0;
    if (size > bestSize) {
      best = product;
      bestSize = size;
    }
  });
  return best;
}

/**
 * Where to land: the remembered workspace when it still exists, else the richest (most features and
 * releases) — a person trying Planner out lands on the demo data, not an empty or thin workspace.
 */
export async function landingWorkspace(products: readonly Product[], signal?: AbortSignal): Promise<Product | null> {
  const remembered = getRememberedProductId();
  const known = products.find((p) => p.id === remembered);
  if (known || products.length <= 1) return known ?? products[0] ?? null;
  const weighed = products.slice(0, MAX_WEIGHED);
  const sizes = await Promise.all(weighed.map((p) => workspaceSize(p.id, signal)));
  return pickRichest(weighed, sizes);
}
