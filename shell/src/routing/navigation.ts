import { navigateTo } from '@modula/shared';

interface AppRouter {
  navigate(to: string, options?: { replace?: boolean }): unknown;
}

let router: AppRouter | null = null;

export function setAppRouter(next: AppRouter | null): void {
  router = next;
}

/** The navigate function every parcel receives: one history for the shell and every remote. */
export function navigateApp(to: string, options: { replace?: boolean } = {}): void {
  if (router) void router.navigate(to, options);
  else navigateTo(to, options);
}
