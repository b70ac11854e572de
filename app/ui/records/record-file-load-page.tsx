import { formatNumber } from '#sync/domain/number-format.ts';
import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { type ReactNode, useId, useRef, useState } from 'react';
import { createRecords } from '#app/records/record-writes.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { checkCsvLoad, type CsvLoadSpec, type CsvProblem } from './csv-load.ts';
import type { CsvLine } from './csv-parse.ts';
import { FilePreview, FileRefused, LoadDrain } from './file-load-result.tsx';
import { downloadCsv, toCsv } from './record-csv.ts';
import { readSheetFile, SHEET_FILE_ACCEPT } from './sheet-file.ts';
import '#app/ui/records.css';

type LoadState<Fields> =
  | { status: 'inicio' }
  | { status: 'revisando'; file: string; done: number; total: number }
  | { status: 'rechazado'; file: string; problems: CsvProblem[] }
  | { status: 'revisado'; file: string; rows: CsvLine[]; fields: Fields[]; problems: CsvProblem[] }
  | { status: 'guardando'; file: string; count: number }
  | { status: 'enviando'; file: string; ids: string[] };

interface RecordFileLoadPageProps<Fields, Context> {
  table: EntityTable;
  /** The list the page belongs to: where it goes back to. */
  listHref: string;
  listTitle: string;
  /** The page's heading, when the entity's noun is not the person's word for these records. */
  title?: string;
  /** What each column takes, in the person's words. */
  instructions: ReactNode;
  spec: CsvLoadSpec<Fields, Context>;
  /** What the rows are checked against, read from this device when the file is chosen and again before queuing. */
  loadContext: () => Promise<Context>;
  /** A single preview line of the good rows ("de 01/2026 a 12/2026"), when the module has one. */
  summary?: (fields: Fields[]) => string;
  /** Queues the good rows, one write each through the form's own path, in one local transaction; returns their ids. */
  queue?: (fields: Fields[]) => Promise<string[]>;
}

/**
 * The kit's "Cargar archivo": a template to download, a CSV or Excel file chosen, every row checked as the record's
 * form checks one (and against the rest of the file and this device), a preview with each bad row on its row and
 * column, then the good rows queued together in one transaction, each its own write that reaches the server once.
 */
export function RecordFileLoadPage<Fields extends Record<string, unknown>, Context>({
  table,
  listHref,
  listTitle,
  title,
  instructions,
  spec,
  loadContext,
  summary,
  queue,
}: RecordFileLoadPageProps<Fields, Context>) {
  const session = useRequiredSession();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<LoadState<Fields>>({ status: 'inicio' });
  const entity = entityOf(table);
  const allowed = hasPermission(session, entity.permission, 'crear');
  const header = spec.columns.map((column) => column.name);
  const busy = state.status === 'revisando' || state.status === 'guardando';

  const check = async (file: string, rows: CsvLine[]) => {
    const result = await checkCsvLoad(
      rows,
      spec,
      await loadContext(),
      (done, total) => total > 250 && setState({ status: 'revisando', file, done, total }),
    );
    const ofFile = (problem: CsvProblem) => problem.line === null || problem.line === rows[0]?.line;
    setState(
      result.problems.length > 0 && result.problems.every(ofFile) && result.fields.length === 0
        ? { status: 'rechazado', file, problems: result.problems }
        : { status: 'revisado', file, rows, fields: result.fields, problems: result.problems },
    );
    return result;
  };
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ status: 'revisando', file: file.name, done: 0, total: 0 });
    try {
      await check(file.name, await readSheetFile(file));
    } catch (error) {
      setState({ status: 'rechazado', file: file.name, problems: [{ line: null, column: null, message: (error as Error).message }] });
    }
    if (input.current) input.current.value = '';
  };
  const load = async () => {
    if (state.status !== 'revisado') return;
    // Checked again against this device as it is now: a pull may have brought one of these rows meanwhile.
    const again = await check(state.file, state.rows);
    if (again.fields.length === 0) return;
    setState({ status: 'guardando', file: state.file, count: again.fields.length });
    const ids = await (queue ? queue(again.fields) : createRecords(table, again.fields));
    setState({ status: 'enviando', file: state.file, ids });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={listHref} parentLabel={listTitle} title={title ?? `Cargar ${entity.noun.many} desde un archivo`} />
        {!allowed ? (
          <p className="notice notice--warning">Tu rol no permite crear {entity.noun.many}.</p>
        ) : (
          <>
            <CardSection id="carga-plantilla" title="1. Prepara el archivo">
              <p>
                Un archivo Excel (.xlsx) o CSV con una fila de encabezado. Las columnas se reconocen por su nombre, en cualquier
                orden: <strong>{header.join(', ')}</strong>. Las demás columnas se ignoran.
              </p>
              {instructions}
              <p>Hasta {formatNumber(spec.maxRows)} filas por archivo: las más grandes se dividen en varios archivos.</p>
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
                <label htmlFor={inputId}>Archivo Excel o CSV</label>
                <input
                  id={inputId}
                  ref={input}
                  type="file"
                  accept={SHEET_FILE_ACCEPT}
                  disabled={busy || state.status === 'enviando'}
                  onChange={(event) => void choose(event.target.files?.[0])}
                />
              </div>
              <LoadStep
                state={state}
                table={table}
                listHref={listHref}
                detail={state.status === 'revisado' && state.fields.length > 0 ? summary?.(state.fields) : undefined}
                onLoad={() => void load()}
              />
            </CardSection>
          </>
        )}
      </div>
    </PageContent>
  );
}

function LoadStep<Fields>({
  state,
  table,
  listHref,
  detail,
  onLoad,
}: {
  state: LoadState<Fields>;
  table: EntityTable;
  listHref: string;
  detail?: string;
  onLoad: () => void;
}) {
  const { noun } = entityOf(table);
  switch (state.status) {
    case 'inicio':
      return null;
    case 'revisando':
      return (
        <div role="status" className="button-row">
          <progress max={state.total || undefined} value={state.total ? state.done : undefined} aria-label={`Revisando ${state.file}`} />
          <span>
            {state.total ? `Revisando fila ${formatNumber(state.done)} de ${formatNumber(state.total)}…` : `Revisando ${state.file}…`}
          </span>
        </div>
      );
    case 'rechazado':
      return <FileRefused file={state.file} problems={state.problems} />;
    case 'revisado':
      return (
        <FilePreview file={state.file} noun={noun} valid={state.fields.length} problems={state.problems} detail={detail} onLoad={onLoad} />
      );
    case 'guardando':
      return (
        <div role="status" className="button-row">
          <progress aria-label={`Guardando ${formatNumber(state.count)} ${noun.many}`} />
          <span>Guardando {formatNumber(state.count)} filas en este dispositivo…</span>
        </div>
      );
    case 'enviando':
      return <LoadDrain table={table} ids={state.ids} noun={noun} listHref={listHref} />;
  }
}
