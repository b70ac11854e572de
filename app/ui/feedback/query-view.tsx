import { type UseQueryResult, useIsRestoring } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '#app/data/api-error.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { ErrorState } from './error-state.tsx';
import { PageLoading } from './page-loading.tsx';

export const OFFLINE_DATA_NOTICE = 'Sin conexión: mostrando los últimos datos guardados';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** Loading, error, offline-without-copy and content states of an online screen; never a blank page. */
export function QueryView<T>({ query, children }: QueryViewProps<T>) {
  const online = useOnlineStatus();
  const restoring = useIsRestoring();

  if (restoring) return <PageLoading />;
  if (query.data !== undefined) {
    return (
      <>
        {!online && (
          <p className="notice notice--warning" role="status">
            {OFFLINE_DATA_NOTICE}
          </p>
        )}
        {children(query.data)}
      </>
    );
  }
  if (!online || query.fetchStatus === 'paused') {
    return (
      <p className="notice notice--warning" role="status">
        Sin conexión, y esta pantalla aún no tiene datos guardados en el dispositivo. Ábrela con conexión una vez para
        tenerla disponible sin conexión.
      </p>
    );
  }
  if (query.isError) {
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <PageLoading />;
}
