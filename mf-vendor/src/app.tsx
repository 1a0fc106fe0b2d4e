import { BrowserRouter } from 'react-router-dom';
import { createLifecycles, CONTRACT_VERSIONS } from '@modula/shared';
import { VendorRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';

const lifecycles = createLifecycles({
  name: 'mf_vendor',
  contract: CONTRACT_VERSIONS.mf_vendor,
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: VendorRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
