import { Route, Routes } from '@modula/router';
import type { ParcelProps } from '@modula/shared';
import { routes } from './routes';

/** The remote's own route table; the shell only mounts this parcel on the paths in remote.json. */
export function VendorRoot(_props: ParcelProps) {
  return (
    <Routes>
      {routes.map(({ path, element }) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  );
}
