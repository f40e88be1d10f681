import { QueryClient } from '@tanstack/react-query';

/** Refine's react-query client, held here so a change of user can drop cached permissions. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});

/** Everything cached belongs to the user who fetched it (records are scoped per user). */
export function forgetCachedData(): void {
  queryClient.removeQueries();
}

/** Permission answers belong to the user who asked (keys `access…`, or `useCan` in legacy form). */
export function forgetPermissions(): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] === 'access' || query.queryKey[0] === 'useCan',
  });
}
