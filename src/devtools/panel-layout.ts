import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** The edge of the window the open panel is docked to. */
export type PanelDock = 'top' | 'bottom';

export interface PanelLayout {
  dock: PanelDock;
  /** The panel's height in CSS pixels, its resize handle included. */
  height: number;
}

/** Enough for the actions and a few lines of the log. */
export const MIN_HEIGHT = 120;
export const DEFAULT_HEIGHT = 360;
/** A strip of the page stays in view however tall the panel is made (the styles hold the same on a window resize). */
export const PAGE_STRIP = 48;

export const maxHeight = (): number => Math.max(MIN_HEIGHT, window.innerHeight - PAGE_STRIP);
export const clampHeight = (height: number): number => Math.round(Math.min(Math.max(height, MIN_HEIGHT), maxHeight()));

/** One entry per origin, as TanStack Query's devtools keep theirs: where the panel was docked and how tall. */
const STORAGE_KEY = 'graphql-jwt-auth-react.devtools';

/** This page's last change: what the panel shows even where storage refuses it (a sandboxed frame, a privacy setting). */
let changedHere: string | null = null;
const listeners = new Set<() => void>();

function storedLayout(): string | null {
  if (changedHere !== null) return changedHere;
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeLayout(layout: PanelLayout): void {
  changedHere = JSON.stringify(layout);
  try {
    localStorage.setItem(STORAGE_KEY, changedHere);
  } catch {
    // Not kept across reloads, nothing worse.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

type StoredLayout = Partial<Record<keyof PanelLayout, unknown>> | null;

function parseLayout(text: string | null, fallback: PanelLayout): PanelLayout {
  let stored: StoredLayout = null;
  try {
    stored = JSON.parse(text ?? 'null') as StoredLayout;
  } catch {
    // An entry that is not ours: the defaults.
  }
  const dock = stored?.dock === 'top' || stored?.dock === 'bottom' ? stored.dock : fallback.dock;
  const height = typeof stored?.height === 'number' && Number.isFinite(stored.height) ? clampHeight(stored.height) : fallback.height;
  return { dock, height };
}

/**
 * The open panel's dock and height, kept in localStorage. A server render knows no storage: it and
 * the hydrating render use the defaults, and the stored layout follows.
 */
export function usePanelLayout(initialDock: PanelDock): [PanelLayout, (change: Partial<PanelLayout>) => void] {
  const text = useSyncExternalStore(subscribe, storedLayout, () => null);
  const layout = useMemo(() => parseLayout(text, { dock: initialDock, height: DEFAULT_HEIGHT }), [text, initialDock]);
  const change = useCallback(
    (next: Partial<PanelLayout>) => {
      storeLayout({ ...layout, ...next, height: clampHeight(next.height ?? layout.height) });
    },
    [layout],
  );
  return [layout, change];
}
