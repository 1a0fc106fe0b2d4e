import { useCallback, useEffect, useRef, useState } from 'react';
import { dispatch, subscribe, type ModulaEvents } from '@modula/shared';
import { LOAD_TIMEOUT_MS } from './load-remote-app';

/** The performance mark set when the page's own content is in place (read by npm run bench:bundle). */
export const ROUTE_SETTLED_MARK = 'modula:route-settled';

/**
 * The messenger widget is not what a first visit comes to see, so its remote stays out of the critical
 * path: it starts loading once the route's own remote has settled (mounted or failed; a shell page
 * settles at once) and the browser is idle, or at once when something asks for the messenger.
 */
let settled = false;
const waiting = new Set<() => void>();

/** Called once the page's route content is in place: a remote's parcel mounted or failed, or a shell page rendered. */
export function markRouteSettled(): void {
  if (settled) return;
  settled = true;
  // npm run bench:bundle splits what a first visit downloads before and after this moment.
  performance.mark?.(ROUTE_SETTLED_MARK);
  for (const resume of [...waiting]) resume();
  waiting.clear();
}

/** Tests start every page afresh. */
export function resetRouteSettledForTesting(): void {
  settled = false;
  waiting.clear();
}

function whenSettled(callback: () => void, fallbackMs: number): () => void {
  if (settled) {
    callback();
    return () => undefined;
  }
  // A route that never mounts its remote (access denied, a guard still waiting) must not keep the widget away.
  const timer = setTimeout(markRouteSettled, fallbackMs);
  const resume = () => {
    clearTimeout(timer);
    callback();
  };
  waiting.add(resume);
  return () => {
    clearTimeout(timer);
    waiting.delete(resume);
  };
}

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 1);
  return () => clearTimeout(timer);
}

export interface WidgetStart {
  /** Whether the widget slots may be rendered (their remotes then load). */
  started: boolean;
  /** Called when a widget's parcel has mounted: a request that arrived before it is delivered now. */
  onWidgetMounted: () => void;
}

export function useWidgetStart(fallbackMs = LOAD_TIMEOUT_MS): WidgetStart {
  const [started, setStarted] = useState(settled);
  const pending = useRef<ModulaEvents['modula:open-messenger'] | null>(null);
  const mounted = useRef(false);

  useEffect(() => {
    if (started) return undefined;
    let cancelIdle: () => void = () => undefined;
    const cancelSettled = whenSettled(() => {
      cancelIdle = whenIdle(() => setStarted(true));
    }, fallbackMs);
    return () => {
      cancelSettled();
      cancelIdle();
    };
  }, [started, fallbackMs]);

  // First need: someone asks for the messenger before it has mounted; it loads now and gets the request then.
  useEffect(
    () =>
      subscribe('modula:open-messenger', (detail) => {
        if (mounted.current) return;
        pending.current = detail;
        setStarted(true);
      }),
    [],
  );

  const onWidgetMounted = useCallback(() => {
    mounted.current = true;
    const request = pending.current;
    if (!request) return;
    pending.current = null;
    dispatch('modula:open-messenger', request);
  }, []);

  return { started, onWidgetMounted };
}
