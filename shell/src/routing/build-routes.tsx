import type { ComponentType } from 'react';
import type { RouteObject } from '@modula/router';
import type { AccessRule, Registry, RegistryEntry } from '@modula/shared';
import { registerPagesNamespace } from '../i18n';
import { AppLayout, type RouteHandle } from '../layout/app-layout';
import { RemoteParcel } from '../federation/remote-parcel';
import { AccessGuard } from './access-guard';
import { RouteError } from '../pages/route-error';
import { NotFound } from '../pages/not-found';
import { RegistryUnavailable } from '../pages/registry-unavailable';
import { PageStatus } from '../layout/page-status';

/** Paths the shell itself owns (architecture section 5); a registry entry cannot take them over. */
export const SHELL_PAGES: { path: string; access: AccessRule; load: () => Promise<{ Component: ComponentType }> }[] = [
  { path: '/about', access: 'public', load: () => withPages(import('../pages/about').then((m) => ({ Component: m.AboutPage }))) },
  { path: '/faq', access: 'public', load: () => withPages(import('../pages/faq').then((m) => ({ Component: m.FaqPage }))) },
  { path: '/terms', access: 'public', load: () => withPages(import('../pages/terms').then((m) => ({ Component: m.TermsPage }))) },
  { path: '/privacy', access: 'public', load: () => withPages(import('../pages/privacy').then((m) => ({ Component: m.PrivacyPage }))) },
  { path: '/contact', access: 'public', load: () => withPages(import('../pages/contact').then((m) => ({ Component: m.ContactPage }))) },
  {
    path: '/newsletter/confirm',
    access: 'public',
    load: () => withPages(import('../pages/newsletter-confirm').then((m) => ({ Component: m.NewsletterConfirmPage }))),
  },
  {
    path: '/newsletter/manage',
    access: 'verified',
    load: () => withPages(import('../pages/newsletter-manage').then((m) => ({ Component: m.NewsletterManagePage }))),
  },
  {
    path: '/deployment-status',
    access: 'public',
    load: () => withPages(import('../pages/deployment-status').then((m) => ({ Component: m.DeploymentStatusPage }))),
  },
];

/** The customer dashboard is a shell frame whose tabs are parcels of the remotes owning the sub-routes. */
export const DASHBOARD_PATH = '/customer-dashboard';

export interface RouteInputs {
  registry: Registry;
  /** Set when /remotes.json could not be loaded: unknown paths then say so instead of "not found". */
  registryError: string | null;
}

interface OwnedRoute {
  entry: RegistryEntry;
  path: string;
  access: AccessRule;
}

function remoteElement({ entry, access }: OwnedRoute) {
  return (
    <AccessGuard rule={access}>
      {/* One key per remote: moving between its routes keeps the parcel (and its state) mounted. */}
      <RemoteParcel key={entry.name} entry={entry} />
    </AccessGuard>
  );
}

/** Marks the route as a remote's page: the layout then waits for that parcel before loading widgets. */
function remoteHandle({ entry }: OwnedRoute): RouteHandle {
  return { remote: entry.name };
}

/** A shell page's module and its strings arrive together, so no untranslated key ever flashes. */
async function withPages<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, registerPagesNamespace()]);
  return loaded;
}

function guarded(access: AccessRule, load: () => Promise<{ Component: ComponentType }>): RouteObject['lazy'] {
  return async () => {
    const { Component } = await load();
    return {
      element: (
        <AccessGuard rule={access}>
          <Component />
        </AccessGuard>
      ),
    };
  };
}

/** Builds the router's table from the registry: shell pages, remote routes with their guards, not-found. */
export function buildRoutes({ registry, registryError }: RouteInputs): RouteObject[] {
  const owned: OwnedRoute[] = registry.remotes.flatMap((entry) => entry.routes.map((route) => ({ entry, ...route })));
  const shellPaths = new Set([...SHELL_PAGES.map((page) => page.path), DASHBOARD_PATH]);
  const taken = owned.filter((route) => shellPaths.has(route.path));
  for (const route of taken) console.warn(`${route.entry.name} claims ${route.path}, which the shell owns; ignored`);
  const framed = owned.filter((route) => route.path.startsWith(`${DASHBOARD_PATH}/`));
  const top = owned.filter((route) => !shellPaths.has(route.path) && !route.path.startsWith(`${DASHBOARD_PATH}/`));
  const tabs = framed.map((route) => route.path.slice(DASHBOARD_PATH.length + 1)).filter((tab) => !tab.includes(':') && !tab.includes('*'));
  const widgets = registry.remotes.filter((entry) => entry.slots.includes('messenger-widget'));

  return [
    {
      element: <AppLayout widgets={widgets} />,
      errorElement: <RouteError />,
      // Shown while the first page's lazy module arrives (only on the very first load of a shell page).
      hydrateFallbackElement: <PageStatus label="" />,
      children: [
        {
          // A crash in one page keeps the header and footer: the error element renders inside the layout.
          errorElement: <RouteError />,
          children: [
            ...SHELL_PAGES.map((page) => ({ path: page.path, lazy: guarded(page.access, page.load) })),
            {
              path: DASHBOARD_PATH,
              lazy: async () => {
                const { CustomerDashboardFrame } = await withPages(import('../pages/customer-dashboard'));
                return {
                  element: (
                    <AccessGuard rule="verified">
                      <CustomerDashboardFrame tabs={tabs} />
                    </AccessGuard>
                  ),
                };
              },
              children: [
                {
                  index: true,
                  lazy: () => withPages(import('../pages/customer-dashboard').then((m) => ({ Component: m.CustomerDashboardOverview }))),
                },
                ...framed.map((route) => ({ path: route.path.slice(DASHBOARD_PATH.length + 1), element: remoteElement(route), handle: remoteHandle(route) })),
              ],
            },
            ...top.map((route) => ({ path: route.path, element: remoteElement(route), handle: remoteHandle(route) })),
            { path: '*', element: registryError ? <RegistryUnavailable reason={registryError} /> : <NotFound /> },
          ],
        },
      ],
    },
  ];
}
