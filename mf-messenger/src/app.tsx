import { BrowserRouter } from 'react-router-dom';
import { createLifecycles, CONTRACT_VERSIONS } from '@modula/shared';
import { MessengerRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';

const lifecycles = createLifecycles({
  name: 'mf_messenger',
  contract: CONTRACT_VERSIONS.mf_messenger,
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: MessengerRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
