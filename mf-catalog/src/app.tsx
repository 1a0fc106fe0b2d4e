import { BrowserRouter } from 'react-router-dom';
import { createLifecycles, CONTRACT_VERSIONS } from '@modula/shared';
import { CatalogRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';

const lifecycles = createLifecycles({
  name: 'mf_catalog',
  contract: CONTRACT_VERSIONS.mf_catalog,
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: CatalogRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
