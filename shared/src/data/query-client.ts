import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: query results stay fresh for 60 seconds, one retry, no refetch on window focus. */
export const QUERY_FRESH_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_FRESH_MS, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/**
 * The page's one query cache. @modula/shared is a Module Federation singleton, so every remote's
 * parcel (each its own React root) is given this same client by createLifecycles: a listing loaded by
 * one remote is cached for all, and a mutation in one remote can invalidate what another shows.
 */
export const queryClient = createQueryClient();
