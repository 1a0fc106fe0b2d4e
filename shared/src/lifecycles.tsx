import { StrictMode, type ComponentType, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './data/query-client';
import { loadSupabase } from './supabase';
import { theme } from './theme';
import { i18n, registerNamespace, type NamespaceLoader } from './i18n/instance';
import { ErrorBoundary } from './ui/error-fallback';
import type { ParcelProps, RemoteMeta } from './contracts/registry';

export interface LifecycleOptions {
  /**
   * The remote's own build info: pass `__MODULA_BUILD__` from the remote's code. It must be compiled
   * into the remote's bundle (name, version, the contract and @modula/shared range it was built
   * against); read here, in the shared singleton, it would be the shell's.
   */
  build: typeof __MODULA_BUILD__;
  /** The remote's i18next namespace and the loader of its translation files. */
  namespace: string;
  loadLocale: NamespaceLoader;
  /**
   * The remote's own router component (BrowserRouter from @modula/router: the page's shared copy, or the
   * remote's own), so that its <Routes> and hooks share one router context.
   */
  Router: ComponentType<{ children?: ReactNode }>;
  Root: ComponentType<ParcelProps>;
  /**
   * Whether this mount may start before supabase-js has loaded. By default (and for every remote built
   * before this option existed) mount awaits loadSupabase(), so the remote may call getSupabase()
   * synchronously. A remote that reads through getPublicClient() and awaits loadSupabase() itself before
   * anything else (auth, realtime, functions, storage) returns true, so a guest's first visit to its
   * pages never downloads supabase-js.
   */
  supabaseOnDemand?: (props: ParcelProps) => boolean;
}

export interface RemoteLifecycles {
  bootstrap: (props: unknown) => Promise<void>;
  mount: (props: unknown) => Promise<void>;
  unmount: (props: unknown) => Promise<void>;
  update?: (props: unknown) => Promise<void>;
  meta: RemoteMeta;
}

/**
 * Builds the single-spa lifecycles of a remote. Every remote gets the same providers: error
 * boundary, theme, i18n, the page's one query cache (TanStack Query) and its own router. A parcel is
 * a separate React root, so the shell's providers never reach it; they are applied here once for all
 * remotes.
 */
export function createLifecycles(options: LifecycleOptions): RemoteLifecycles {
  const { Router, Root, build } = options;
  if (build.contract === null) throw new Error(`${build.name} is not a remote: only a remote's build (its remote.json names a contract) has lifecycles`);
  const meta: RemoteMeta = {
    name: build.name,
    version: build.version,
    sha: build.sha,
    builtAt: build.builtAt,
    contract: build.contract,
    shared: build.shared,
  };

  function Wrapped(props: ParcelProps) {
    return (
      <StrictMode>
        <ThemeProvider theme={theme}>
          <I18nextProvider i18n={i18n} defaultNS={options.namespace}>
            <QueryClientProvider client={queryClient}>
              <ErrorBoundary onError={props.reportError}>
                <Router>
                  <Root {...props} />
                </Router>
              </ErrorBoundary>
            </QueryClientProvider>
          </I18nextProvider>
        </ThemeProvider>
      </StrictMode>
    );
  }

  const lifecycles = singleSpaReact<ParcelProps>({
    React,
    ReactDOMClient,
    rootComponent: Wrapped,
    errorBoundary: () => <></>,
  });

  return {
    bootstrap: (props) => lifecycles.bootstrap(props as never),
    // The namespace is loaded before the first render so no raw keys flash on screen.
    mount: async (props) => {
      const onDemand = options.supabaseOnDemand?.(props as ParcelProps) ?? false;
      await Promise.all([registerNamespace(options.namespace, options.loadLocale), onDemand ? null : loadSupabase()]);
      await lifecycles.mount(props as never);
    },
    unmount: (props) => lifecycles.unmount(props as never),
    update: lifecycles.update ? (props) => lifecycles.update!(props as never) : undefined,
    meta,
  };
}
