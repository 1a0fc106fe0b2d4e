import { BrowserRouter } from 'react-router-dom';
import { createLifecycles, CONTRACT_VERSIONS } from '@modula/shared';
import { AdminRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';

const lifecycles = createLifecycles({
  name: 'mf_admin',
  contract: CONTRACT_VERSIONS.mf_admin,
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: AdminRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
