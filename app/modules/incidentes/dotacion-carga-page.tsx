import { isContractorUser } from '#app/session/session-permissions.ts';
import { levelName } from '#app/session/level-names.ts';
import { paths } from '#app/navigation/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { RecordFileLoadPage } from '#app/ui/records/record-file-load-page.tsx';
import { DOTACION_CSV, type DotacionCsvContext, type DotacionFields } from './dotacion-csv.ts';
import { currentMonth, dotacionKey, monthText } from './dotacion-rules.ts';
import { DOTACION_TITLE } from './dotacion-view.ts';

function monthsOf(fields: DotacionFields[]): string {
  const months = [...new Set(fields.map((row) => row.Mes))].sort();
  return months.length > 1 ? `de ${monthText(months[0]!)} a ${monthText(months.at(-1)!)}` : `de ${monthText(months[0]!)}`;
}

/** `/incidentes/dotacion/carga`: many months of headcount and hours at once, on the kit's CSV load. */
export function DotacionCargaPage() {
  const session = useRequiredSession();
  const labels: [string, string] = [levelName(session, 2), levelName(session, 3)];
  const ownRut = isContractorUser(session) ? String(session.usuario.IdContratista) : null;
  const loadContext = async (): Promise<DotacionCsvContext> => {
    const { db } = requireDevice();
    const [levels, rows] = await Promise.all([db.niveles.toArray(), db.dotaciones.toArray()]);
    return {
      levels2: levels.filter((level) => level.TipoNivel === 2),
      levels3: levels.filter((level) => level.TipoNivel === 3),
      levelLabels: labels,
      existing: new Set(rows.map(dotacionKey)),
      currentMonth: currentMonth(),
      ownRut,
    };
  };
  return (
    <RecordFileLoadPage
      table="dotaciones"
      listHref={paths.incidentes.dotacion.list.href}
      listTitle={DOTACION_TITLE}
      spec={DOTACION_CSV}
      loadContext={loadContext}
      summary={monthsOf}
      instructions={
        <ul>
          <li>Una fila por mes, {labels[0].toLocaleLowerCase('es')} y contratista.</li>
          <li>Mes: AAAA-MM o MM/AAAA (por ejemplo 03/2026); no un mes que aún no empieza.</li>
          <li>
            Nivel 2 y Nivel 3: el nombre de {labels[0].toLocaleLowerCase('es')} y de {labels[1].toLocaleLowerCase('es')}, como están en Ajustes; Nivel 3 puede ir vacío.
          </li>
          <li>RUT contratista: vacío para el personal propio.</li>
          <li>Dotación: trabajadores (número entero). Horas hombre: admite coma decimal (1234,5).</li>
        </ul>
      }
    />
  );
}
