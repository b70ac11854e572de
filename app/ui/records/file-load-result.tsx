import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import type { Noun } from '#sync/records/entity.ts';
import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import type { CsvProblem } from './csv-load.ts';
import '#app/ui/scroll-table.css';

export function counted(noun: Noun, count: number, adjective?: string): string {
  const words = count === 1 ? `1 ${noun.one}` : `${formatNumber(count)} ${noun.many}`;
  if (!adjective) return words;
  const ending = `${noun.feminine ? 'a' : 'o'}${count === 1 ? '' : 's'}`;
  return `${words} ${adjective.slice(0, -1)}${ending}`;
}

const rowsText = (count: number) => (count === 1 ? '1 fila' : `${formatNumber(count)} filas`);

/** A file refused whole: a wrong header, no rows, too many, or unreadable. */
export function FileRefused({ file, problems }: { file: string; problems: CsvProblem[] }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <strong>No se cargó ninguna fila.</strong> {file} no se puede cargar: corrígelo y elígelo de nuevo.
      </p>
      <ul>
        {problems.map((problem, index) => (
          <li key={index}>{problem.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Shown at most: a file of errors is corrected in the spreadsheet, not read here to the end. */
const ERRORS_SHOWN = 500;

/** The preview: how many rows are good, each bad one on its row and column, and the button that loads the good ones. */
export function FilePreview({
  file,
  noun,
  valid,
  problems,
  detail,
  onLoad,
}: {
  file: string;
  noun: Noun;
  valid: number;
  problems: CsvProblem[];
  detail?: string;
  onLoad: () => void;
}) {
  const shown = problems.slice(0, ERRORS_SHOWN);
  return (
    <>
      <div className={valid > 0 ? 'notice notice--info' : 'notice notice--error'} role="status">
        <p>
          {file}: {rowsText(valid)} {valid === 1 ? 'válida' : 'válidas'}
          {detail ? ` (${detail})` : ''}
          {problems.length > 0 ? ` y ${rowsText(problems.length)} con errores, que no se cargarán` : ''}.
          {problems.length > 0 && ' Las filas se cuentan como en Excel (la fila 1 es el encabezado).'}
        </p>
        {valid > 0 && <IonButton onClick={onLoad}>{valid === 1 ? 'Cargar la fila válida' : `Cargar las ${formatNumber(valid)} filas válidas`}</IonButton>}
      </div>
      {problems.length > 0 && (
        <div className="scroll-table">
          <table className="record-table">
            <caption className="visually-hidden">Filas con errores de {file}</caption>
            <thead>
              <tr>
                <th scope="col">Fila</th>
                <th scope="col">Columna</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((problem, index) => (
                <tr key={`${problem.line ?? 0}-${index}`}>
                  <td>{problem.line ?? '—'}</td>
                  <td>{problem.column ?? '—'}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {problems.length > shown.length && <p>Y {rowsText(problems.length - shown.length)} más con errores.</p>}
        </div>
      )}
      {valid === 0 && problems.length > 0 && <p>{`Ningún ${noun.one} se puede cargar de este archivo.`}</p>}
    </>
  );
}

/**
 * After the load: the outbox draining is the progress. The rows are on this device already; each leaves the queue
 * once the server took it, so a cut connection resumes where it was, even after closing the screen.
 */
export function LoadDrain({ table, ids, noun, listHref }: { table: string; ids: readonly string[]; noun: Noun; listHref: string }) {
  const queued = useDbQuery(
    // Counted on the indexes, never reading the queued bodies: it runs again on every change of the queue.
    async (db) => {
      const keys = ids.map((id) => recordKeyOf(table, id));
      const own = new Set(keys);
      const [queued, refused] = await Promise.all([
        db.outbox.where('recordKey').anyOf(keys).count(),
        db.outbox.where('state').equals('dead').filter((row) => own.has(row.recordKey ?? '')).count(),
      ]);
      return { waiting: queued - refused, refused };
    },
    [table, ids],
  );
  if (!queued) return <p role="status">Guardando en este dispositivo…</p>;
  const sent = ids.length - queued.waiting - queued.refused;
  return (
    <div className={queued.refused > 0 ? 'notice notice--warning' : 'notice notice--info'} role="status">
      <p>
        <strong>{counted(noun, ids.length, 'guardado')} en este dispositivo.</strong>{' '}
        {queued.waiting > 0
          ? 'Se envían al servidor en lotes; sin conexión esperan en este dispositivo y siguen donde quedaron al volver, aunque cierres esta pantalla.'
          : 'El servidor ya los recibió.'}
      </p>
      <progress max={ids.length} value={sent} aria-label={`Enviados al servidor: ${formatNumber(sent)} de ${formatNumber(ids.length)}`} />
      <p>
        Enviados al servidor: {formatNumber(sent)} de {formatNumber(ids.length)}
      </p>
      {queued.refused > 0 && (
        <p>
          El servidor rechazó {rowsText(queued.refused)}: <Link to={paths.sincronizacion.href}>revísalas en Sincronización</Link>.
        </p>
      )}
      <IonButton fill="outline" color="dark" routerLink={listHref}>
        Volver a la lista
      </IonButton>
    </div>
  );
}
