import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { loadLevels } from '#app/ui/records/load-levels.ts';
import { RecordFileLoadPage } from '#app/ui/records/record-file-load-page.tsx';
import { WORKER_LOAD, type WorkerLoadContext } from './trabajadores-carga.ts';
import { createWorkers } from './trabajador-writes.ts';

/** `/trabajadores/carga`: a payroll file of workers on the kit's load, each row through the form's own creation. */
export function TrabajadoresCargaPage() {
  const session = useRequiredSession();
  const labels: [string, string] = [levelName(session, 2), levelName(session, 3)];
  const ownRut = isContractorUser(session) ? String(session.usuario.IdContratista) : null;
  const loadContext = async (): Promise<WorkerLoadContext> => {
    const { db } = requireDevice();
    // The RUTs come from the search index's keys (a RUT's digits are one of a worker's words): no row is read.
    const [levels, cargos, words] = await Promise.all([db.niveles.toArray(), db.cargos.toArray(), db.trabajadores.orderBy('palabras').uniqueKeys()]);
    return {
      ...loadLevels(levels, labels),
      cargos,
      existing: new Set(words.map(String)),
      ownRut,
    };
  };
  return (
    <RecordFileLoadPage
      table="trabajadores"
      listHref={paths.trabajadores.list.href}
      listTitle="Trabajadores"
      spec={WORKER_LOAD}
      loadContext={loadContext}
      queue={createWorkers}
      instructions={
        <ul>
          <li>RUT: con o sin puntos, con su dígito verificador (12.345.678-5). También se reconoce «Rut Trabajador» o «RUN».</li>
          <li>Nombres y Apellido Paterno son obligatorios; Apellido Materno puede ir vacío.</li>
          <li>Cargo: el nombre de un cargo de Ajustes (varios separados por «|»).</li>
          <li>
            Nivel 2 y Nivel 3 (o {labels[0]} y {labels[1]}): los nombres como están en Ajustes; pueden ir vacíos.
          </li>
          <li>RUT contratista: vacío para el personal propio.</li>
          <li>Fecha ficha médica: DD/MM/AAAA, o vacía.</li>
          <li>Un RUT que ya está en la empresa o que se repite en el archivo se marca como error y no se carga.</li>
        </ul>
      }
    />
  );
}
