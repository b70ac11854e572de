import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { ErrorState } from '#app/ui/feedback/error-state.tsx';
import type { RecordLookup } from './use-record.ts';

/**
 * Why a detail or edit screen has no record to show, in the person's words: offline, gone, or the server failed.
 * Nothing while the record is read or once it is found.
 */
export function RecordMissing({ table, lookup }: { table: EntityTable; lookup: RecordLookup<unknown> }) {
  const { noun, messages } = entityOf(table);
  switch (lookup.status) {
    case 'cargando':
    case 'encontrado':
      return null;
    case 'sin-conexion':
      return (
        <p className="notice notice--warning" role="status">
          {messages.notFound} en este dispositivo. Se descargará cuando haya conexión.
        </p>
      );
    case 'no-existe':
      return (
        <p className="notice notice--warning" role="alert">
          {messages.notFound}: no existe o fue {noun.feminine ? 'eliminada' : 'eliminado'}.
        </p>
      );
    case 'error':
      return <ErrorState message={`No fue posible traer ${noun.feminine ? 'la' : 'el'} ${noun.one} del servidor. ${lookup.message}`} onRetry={lookup.retry} />;
  }
}

/** Shown with a record read from the server: the device holds it only once a sync brings it. */
export function ServerCopyNote({ table }: { table: EntityTable }) {
  const { noun } = entityOf(table);
  return (
    <p className="notice notice--info" role="status">
      {noun.feminine ? 'Leída' : 'Leído'} del servidor: {noun.feminine ? 'esta' : 'este'} {noun.one} aún no está en este dispositivo.
    </p>
  );
}
