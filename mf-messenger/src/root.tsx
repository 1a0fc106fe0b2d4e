import { Route, Routes } from 'react-router-dom';
import type { ParcelProps } from '@modula/shared';
import { routes } from './routes';
import { MessengerWidget } from './widget/messenger-widget';

/**
 * The same parcel serves the floating widget (the shell's "messenger-widget" slot, on every page)
 * and the messenger's own routes.
 */
export function MessengerRoot(props: ParcelProps) {
  if (props.slot === 'messenger-widget') return <MessengerWidget />;
  return (
    <Routes>
      {routes.map(({ path, element }) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  );
}
