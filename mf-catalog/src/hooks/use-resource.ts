import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Spec section 9: query results stay fresh for 60 seconds, a failed request is retried once. */
export const FRESH_MS = 60_000;
const RETRIES = 1;

interface Entry {
  data?: unknown;
  error?: unknown;
  settledAt: number;
  promise?: Promise<void>;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let version = 0;

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

async function withRetry<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= RETRIES) throw error;
    }
  }
}

function start(key: string, load: () => Promise<unknown>): void {
  const entry = entries.get(key) ?? { settledAt: 0 };
  if (entry.promise) return;
  entry.promise = withRetry(load).then(
    (data) => {
      entries.set(key, { data, settledAt: Date.now() });
      notify();
    },
    (error: unknown) => {
      entries.set(key, { ...entry, error, promise: undefined, settledAt: Date.now() });
      notify();
    },
  );
  entries.set(key, entry);
}

/** Starts loading a resource before any component asks for it (e.g. while the page's code downloads). */
export function prefetch(spec: { key: string; load: () => Promise<unknown> }): void {
  const entry = entries.get(spec.key);
  if (entry && (entry.promise || Date.now() - entry.settledAt < FRESH_MS)) return;
  start(spec.key, spec.load);
}

/** Forgets cached results whose key starts with `prefix` (e.g. after the user changed them). */
export function invalidate(prefix: string): void {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  notify();
}

/** Test isolation. */
export function clearResourceCache(): void {
  entries.clear();
  notify();
}

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** True while `data` belongs to a previous key (kept on screen to avoid a jump). */
  previous: boolean;
  reload: () => void;
}

/**
 * A small query cache in the spirit of the spec's (60 s freshness, one retry, no refetch on focus):
 * one request per key however many components ask, cached results shown at once. A null key waits.
 */
export function useResource<T>(key: string | null, load: () => Promise<T>, options: { keepPrevious?: boolean } = {}): Resource<T> {
  useSyncExternalStore(
    useCallback((listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }, []),
    () => version,
  );
  const [shown, setShown] = useState<{ key: string; data: unknown } | null>(null);
  const entry = key === null ? undefined : entries.get(key);
  const fresh = entry !== undefined && !entry.promise && Date.now() - entry.settledAt < FRESH_MS;

  useEffect(() => {
    if (key !== null && !fresh) start(key, load);
    // `load` is a new closure on every render; the key says everything about what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fresh]);

  const hasData = entry !== undefined && 'data' in entry;
  useEffect(() => {
    if (key !== null && hasData && shown?.key !== key) setShown({ key, data: entry.data });
  }, [key, hasData, entry, shown]);

  const reload = useCallback(() => {
    if (key === null) return;
    entries.delete(key);
    notify();
  }, [key]);

  if (hasData) return { data: entry.data as T, error: undefined, loading: Boolean(entry.promise), previous: false, reload };
  const loading = key !== null && (!entry || Boolean(entry.promise) || entry.error === undefined);
  if (options.keepPrevious && shown && loading) return { data: shown.data as T, error: undefined, loading, previous: true, reload };
  return { data: undefined, error: entry?.error, loading, previous: false, reload };
}
