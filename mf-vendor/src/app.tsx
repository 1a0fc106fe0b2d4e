import { BrowserRouter } from '@modula/router';
import { createLifecycles } from '@modula/shared';
import { VendorRoot } from './root';
import { loadLocale, NAMESPACE } from './i18n';

const lifecycles = createLifecycles({
  // Name, version, contract and @modula/shared range, compiled into this remote from its remote.json.
  build: __MODULA_BUILD__,
  namespace: NAMESPACE,
  loadLocale,
  Router: BrowserRouter,
  Root: VendorRoot,
});

export const { bootstrap, mount, unmount, update, meta } = lifecycles;
