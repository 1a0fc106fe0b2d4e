import { BrowserRouter } from 'react-router-dom';
import { createLifecycles, CONTRACT_VERSIONS } from '@modula/shared';
import { AuthRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';

const lifecycles = createLifecycles({
  name: 'mf_auth',
  contract: CONTRACT_VERSIONS.mf_auth,
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: AuthRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
