import { Suspense } from 'react';
import { Route, Routes } from '@modula/router';
import styled from 'styled-components';
import type { ParcelProps } from '@modula/shared';
import { NavigateProvider } from './parcel-context';
import { routes } from './routes';

// Holds the page's place while its chunk downloads, so the footer does not jump.
const Pending = styled.div`min-block-size: 60vh;`;

/** The remote's own route table; the shell only mounts this parcel on the paths in remote.json. */
export function AuthRoot({ navigate }: ParcelProps) {
  return (
    <NavigateProvider navigate={navigate}>
      <Suspense fallback={<Pending aria-busy="true" />}>
        <Routes>
          {routes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </Suspense>
    </NavigateProvider>
  );
}
