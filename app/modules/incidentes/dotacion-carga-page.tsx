import { formatNumber } from '#sync/domain/number-format.ts';
import { DOTACION_ROUTE } from '#sync/schemas/dotaciones.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { downloadOutline } from 'ionicons/icons';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AppDb } from '#app/db/app-db.ts';
import { createRecords } from '#app/records/record-writes.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { type CsvLine, parseCsv } from '#app/ui/records/csv-parse.ts';
import { downloadCsv } from '#app/ui/records/record-csv.ts';
import { checkDotacionCsv, type CsvProblem, DOTACION_CSV_HEADER, type DotacionCsvContext, type DotacionFields, dotacionTemplate } from './dotacion-csv.ts';
import { currentMonth, dotacionKey, monthText } from './dotacion-rules.ts';
import { DOTACION_TITLE } from './dotacion-view.ts';
import '#app/ui/records.css';

type LoadState =
  | { status: 'inicio' }
  | { status: 'revisando'; file: string; done: number; total: number }
  | { status: 'errores'; file: string; problems: CsvProblem[] }
  | { status: 'listo'; file: string; rows: CsvLine[]; fields: DotacionFields[] }
  | { status: 'guardando'; file: string; count: number };

/** Excel saves "CSV UTF-8" or, on older versions, Windows-1252: accents must survive either. */
async function fileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function contextOf(db: AppDb, levelLabels: [string, string], ownRut: string | null): Promise<DotacionCsvContext> {
  const [levels, rows] = await Promise.all([db.niveles.toArray(), db.dotaciones.toArray()]);
  return {
    levels2: levels.filter((level) => level.TipoNivel === 2),
    levels3: levels.filter((level) => level.TipoNivel === 3),
    levelLabels,
    existing: new Set(rows.map(dotacionKey)),
    currentMonth: currentMonth(),
    ownRut,
  };
}

const plural = (count: number) => (count === 1 ? '1 dotación' : `${formatNumber(count)} dotaciones`);

/**
 * `/incidentes/dotacion/carga`: many months at once from a CSV file. Every row is checked as the form checks one
 * (and against the rest of the file and this device); while any row is bad nothing is queued, and when all are good
 * they are queued together in one transaction, each its own write that reaches the server once.
 */
export function DotacionCargaPage() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const showSaved = useSavedToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<LoadState>({ status: 'inicio' });
  const labels: [string, string] = [levelName(session, 2), levelName(session, 3)];
  const ownRut = isContractorUser(session) ? String(session.usuario.IdContratista) : null;
  const allowed = hasPermission(session, DOTACION_ROUTE, 'crear');

  const check = async (file: string, rows: CsvLine[]) => {
    const context = await contextOf(requireDevice().db, labels, ownRut);
    const result = await checkDotacionCsv(rows, context, (done, total) => total > 250 && setState({ status: 'revisando', file, done, total }));
    setState(result.problems.length > 0 ? { status: 'errores', file, problems: result.problems } : { status: 'listo', file, rows, fields: result.fields });
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
    // Checked again against this device as it is now: a pull may have brought one of these months meanwhile.
    const again = await check(state.file, state.rows);
    if (again.problems.length > 0) return;
    setState({ status: 'guardando', file: state.file, count: again.fields.length });
    await createRecords('dotaciones', again.fields);
    showSaved(`${plural(again.fields.length)} ${again.fields.length === 1 ? 'cargada' : 'cargadas'}`);
    navigate(paths.incidentes.dotacion.list.href, { replace: true });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.incidentes.dotacion.list.href} parentLabel={DOTACION_TITLE} title="Cargar dotación desde CSV" />
        {!allowed ? (
          <p className="notice notice--warning">Tu rol no permite crear dotaciones.</p>
        ) : (
          <>
            <CardSection id="dotacion-plantilla" title="1. Prepara el archivo">
              <p>
                Una fila por mes, {labels[0].toLocaleLowerCase('es')} y contratista, con las columnas <strong>{DOTACION_CSV_HEADER.join(';')}</strong>. Separado por punto y
                coma (o coma), como lo guarda Excel.
              </p>
              <ul>
                <li>Mes: AAAA-MM o MM/AAAA (por ejemplo 03/2026); no un mes que aún no empieza.</li>
                <li>
                  Nivel 2 y Nivel 3: el nombre de {labels[0].toLocaleLowerCase('es')} y de {labels[1].toLocaleLowerCase('es')}, como están en Ajustes; Nivel 3 puede ir vacío.
                </li>
                <li>RUT contratista: vacío para el personal propio.</li>
                <li>Dotación: trabajadores (número entero). Horas hombre: admite coma decimal (1234,5).</li>
              </ul>
              <IonButton fill="outline" color="dark" onClick={() => downloadCsv('plantilla-dotacion.csv', dotacionTemplate())}>
                <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
                Descargar plantilla
              </IonButton>
            </CardSection>
            <CardSection id="dotacion-archivo" title="2. Elige el archivo">
              <div className="select-field">
                <label htmlFor={inputId}>Archivo CSV</label>
                <input id={inputId} ref={input} type="file" accept=".csv,text/csv" disabled={state.status === 'revisando' || state.status === 'guardando'} onChange={(event) => void choose(event.target.files?.[0])} />
              </div>
              <LoadResult state={state} onLoad={() => void load()} />
            </CardSection>
          </>
        )}
      </div>
    </PageContent>
  );
}

function LoadResult({ state, onLoad }: { state: LoadState; onLoad: () => void }) {
  if (state.status === 'inicio') return null;
  if (state.status === 'revisando') {
    return (
      <div role="status" className="button-row">
        <progress max={state.total || undefined} value={state.total ? state.done : undefined} aria-label={`Revisando ${state.file}`} />
        <span>{state.total ? `Revisando fila ${formatNumber(state.done)} de ${formatNumber(state.total)}…` : `Revisando ${state.file}…`}</span>
      </div>
    );
  }
  if (state.status === 'guardando') {
    return (
      <div role="status" className="button-row">
        <progress aria-label={`Guardando ${plural(state.count)}`} />
        <span>Guardando {plural(state.count)} en este dispositivo…</span>
      </div>
    );
  }
  if (state.status === 'errores') {
    const rows = state.problems.filter((problem) => problem.line !== null).length;
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <strong>No se cargó ninguna fila.</strong>{' '}
          {rows > 0 ? `${state.file} tiene ${rows === 1 ? '1 fila' : `${formatNumber(rows)} filas`} con errores` : `${state.file} no se puede cargar`}: corrige el archivo y elígelo de nuevo. Las filas
          se cuentan como en Excel (la fila 1 es el encabezado).
        </p>
        <ul aria-label="Filas con errores">
          {state.problems.map((problem, index) => (
            <li key={`${problem.line ?? 0}-${index}`}>{problem.line === null ? problem.message : `Fila ${problem.line}: ${problem.message}`}</li>
          ))}
        </ul>
      </div>
    );
  }
  const months = [...new Set(state.fields.map((row) => row.Mes))].sort();
  return (
    <div className="notice notice--info" role="status">
      <p>
        {state.file}: {plural(state.fields.length)} {state.fields.length === 1 ? 'lista' : 'listas'} para cargar
        {months.length > 1 ? `, de ${monthText(months[0]!)} a ${monthText(months.at(-1)!)}` : months.length === 1 ? `, de ${monthText(months[0]!)}` : ''}.
      </p>
      <IonButton onClick={onLoad}>Cargar {plural(state.fields.length)}</IonButton>
    </div>
  );
}
