import { formatNumber } from '#sync/domain/number-format.ts';
import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import type { Noun } from '#sync/records/entity.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createRecords } from '#app/records/record-writes.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { checkCsvLoad, type CsvLoadSpec, type CsvProblem } from './csv-load.ts';
import { type CsvLine, parseCsv } from './csv-parse.ts';
import { downloadCsv, toCsv } from './record-csv.ts';
import '#app/ui/records.css';

type LoadState<Fields> =
  | { status: 'inicio' }
  | { status: 'revisando'; file: string; done: number; total: number }
  | { status: 'errores'; file: string; problems: CsvProblem[] }
  | { status: 'listo'; file: string; rows: CsvLine[]; fields: Fields[] }
  | { status: 'guardando'; file: string; count: number };

interface RecordCsvLoadPageProps<Fields, Context> {
  table: EntityTable;
  /** The list the page belongs to: where it goes back to and returns after loading. */
  listHref: string;
  listTitle: string;
  /** What each column takes, in the person's words. */
  instructions: ReactNode;
  spec: CsvLoadSpec<Fields, Context>;
  /** What the rows are checked against, read from this device when the file is chosen and again before queuing. */
  loadContext: () => Promise<Context>;
  /** A single preview line of the good rows ("de 01/2026 a 12/2026"), when the module has one. */
  summary?: (fields: Fields[]) => string;
}

/** Excel saves "CSV UTF-8" or, on older versions, Windows-1252: accents must survive either. */
async function fileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function counted(noun: Noun, count: number, adjective?: string): string {
  const words = count === 1 ? `1 ${noun.one}` : `${formatNumber(count)} ${noun.many}`;
  if (!adjective) return words;
  const ending = `${noun.feminine ? 'a' : 'o'}${count === 1 ? '' : 's'}`;
  return `${words} ${adjective.slice(0, -1)}${ending}`;
}

/**
 * The kit's "Cargar CSV": a template to download, a file chosen, every row checked as the record's form checks one
 * (and against the rest of the file and this device). While any row is bad nothing is queued and each bad row is
 * named; when all are good they are queued together in one transaction, each its own write that reaches the server
 * once.
 */
export function RecordCsvLoadPage<Fields extends Record<string, unknown>, Context>({
  table,
  listHref,
  listTitle,
  instructions,
  spec,
  loadContext,
  summary,
}: RecordCsvLoadPageProps<Fields, Context>) {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const showSaved = useSavedToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<LoadState<Fields>>({ status: 'inicio' });
  const entity = entityOf(table);
  const allowed = hasPermission(session, entity.permission, 'crear');
  const header = spec.columns.map((column) => column.name);

  const check = async (file: string, rows: CsvLine[]) => {
    const result = await checkCsvLoad(
      rows,
      spec,
      await loadContext(),
      (done, total) => total > 250 && setState({ status: 'revisando', file, done, total }),
    );
    setState(
      result.problems.length > 0
        ? { status: 'errores', file, problems: result.problems }
        : { status: 'listo', file, rows, fields: result.fields },
    );
    return result;
  };
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ status: 'revisando', file: file.name, done: 0, total: 0 });
    await check(file.name, parseCsv(await fileText(file)));
    if (input.current) input.current.value = '';
  };
  const load = async () => {
    if (state.status !== 'listo') return;
    // Checked again against this device as it is now: a pull may have brought one of these rows meanwhile.
    const again = await check(state.file, state.rows);
    if (again.problems.length > 0) return;
    setState({ status: 'guardando', file: state.file, count: again.fields.length });
    await createRecords(table, again.fields);
    showSaved(counted(entity.noun, again.fields.length, 'cargado'));
    navigate(listHref, { replace: true });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={listHref} parentLabel={listTitle} title={`Cargar ${entity.noun.many} desde CSV`} />
        {!allowed ? (
          <p className="notice notice--warning">Tu rol no permite crear {entity.noun.many}.</p>
        ) : (
          <>
            <CardSection id="carga-plantilla" title="1. Prepara el archivo">
              <p>
                Las columnas son <strong>{header.join(';')}</strong>, separadas por punto y coma (o coma), como lo guarda Excel.
              </p>
              {instructions}
              <IonButton
                fill="outline"
                color="dark"
                onClick={() => downloadCsv(`plantilla-${table.replace(/_/g, '-')}.csv`, toCsv(header, []))}
              >
                <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
                Descargar plantilla
              </IonButton>
            </CardSection>
            <CardSection id="carga-archivo" title="2. Elige el archivo">
              <div className="select-field">
                <label htmlFor={inputId}>Archivo CSV</label>
                <input
                  id={inputId}
                  ref={input}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={state.status === 'revisando' || state.status === 'guardando'}
                  onChange={(event) => void choose(event.target.files?.[0])}
                />
              </div>
              <LoadResult noun={entity.noun} state={state} summary={summary} onLoad={() => void load()} />
            </CardSection>
          </>
        )}
      </div>
    </PageContent>
  );
}

function LoadResult<Fields>({
  noun,
  state,
  summary,
  onLoad,
}: {
  noun: Noun;
  state: LoadState<Fields>;
  summary?: (fields: Fields[]) => string;
  onLoad: () => void;
}) {
  if (state.status === 'inicio') return null;
  if (state.status === 'revisando') {
    return (
      <div role="status" className="button-row">
        <progress max={state.total || undefined} value={state.total ? state.done : undefined} aria-label={`Revisando ${state.file}`} />
        <span>
          {state.total ? `Revisando fila ${formatNumber(state.done)} de ${formatNumber(state.total)}…` : `Revisando ${state.file}…`}
        </span>
      </div>
    );
  }
  if (state.status === 'guardando') {
    return (
      <div role="status" className="button-row">
        <progress aria-label={`Guardando ${counted(noun, state.count)}`} />
        <span>Guardando {counted(noun, state.count)} en este dispositivo…</span>
      </div>
    );
  }
  if (state.status === 'errores') {
    const rows = state.problems.filter((problem) => problem.line !== null).length;
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <strong>No se cargó ninguna fila.</strong>{' '}
          {rows > 0
            ? `${state.file} tiene ${rows === 1 ? '1 fila' : `${formatNumber(rows)} filas`} con errores`
            : `${state.file} no se puede cargar`}
          : corrige el archivo y elígelo de nuevo. Las filas se cuentan como en Excel (la fila 1 es el encabezado).
        </p>
        <ul aria-label="Filas con errores">
          {state.problems.map((problem, index) => (
            <li key={`${problem.line ?? 0}-${index}`}>
              {problem.line === null ? problem.message : `Fila ${problem.line}: ${problem.message}`}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const detail = summary?.(state.fields);
  return (
    <div className="notice notice--info" role="status">
      <p>
        {state.file}: {counted(noun, state.fields.length, 'listo')} para cargar{detail ? `, ${detail}` : ''}.
      </p>
      <IonButton onClick={onLoad}>Cargar {counted(noun, state.fields.length)}</IonButton>
    </div>
  );
}
