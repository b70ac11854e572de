import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getToken } from '#app/session/session-store.ts';
import { currentDevice } from '#app/sync/device-sync.ts';
import { ApiError } from './api-error.ts';
import { createDexiePersister } from './query-persister.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Bump when the shape of a persisted answer changes, so an old device drops its stale copy. */
export const QUERY_CACHE_BUSTER = 'v1';
export const QUERY_CACHE_MAX_AGE = WEEK_MS;

// React Query assumes it starts online; a page reloaded without signal must not fire doomed requests.
onlineManager.setOnline(navigator.onLine);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Kept as long as the persisted copy, or offline screens would lose it to garbage collection.
      gcTime: WEEK_MS,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => error instanceof ApiError && error.retriable && !error.offline && failureCount < 2,
    },
  },
});

export const queryPersister = createDexiePersister({
  table: () => currentDevice()?.db.consultas,
  canPersist: () => getToken() !== null,
});
