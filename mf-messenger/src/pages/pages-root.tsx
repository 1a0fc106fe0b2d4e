import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from '@modula/router';
import { routes } from '../routes';

/**
 * The messenger's pages with their own router. It lives in this lazily loaded chunk, not in
 * createLifecycles' Router, so the widget that every page loads carries no router at all
 * (single-spa keeps this router in step with the shell's history).
 */
export default function PagesRoot() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          {routes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
