import { BrowserRouter } from 'react-router-dom';
import { createLifecycles } from '@modula/shared';
import { CatalogRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';
import { preload } from './routes';

const lifecycles = createLifecycles({
  // Name, version, contract and @modula/shared range, compiled into this remote from its remote.json.
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: CatalogRoot,
});

export const { bootstrap, unmount, update, meta } = lifecycles;

/** The page's code and data start downloading while the strings load (see preload). */
export const mount: typeof lifecycles.mount = (props) => {
  preload(window.location.pathname);
  return lifecycles.mount(props);
};
