import { lazy, Suspense } from 'react';
import type { ParcelProps } from '@modula/shared';
import { Launcher } from './launcher/launcher';

const PagesRoot = lazy(() => import('./pages/pages-root'));

/**
 * The same parcel serves the floating widget (the shell's "messenger-widget" slot, on every page)
 * and the messenger's own routes. The widget is the launcher only; the pages, with their router,
 * are a chunk of their own.
 */
export function MessengerRoot(props: ParcelProps) {
  if (props.slot === 'messenger-widget') return <Launcher navigate={props.navigate} />;
  return (
    <Suspense fallback={null}>
      <PagesRoot />
    </Suspense>
  );
}
