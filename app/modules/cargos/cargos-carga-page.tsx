import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { loadLevels } from '#app/ui/records/load-levels.ts';
import { RecordFileLoadPage } from '#app/ui/records/record-file-load-page.tsx';
import { CARGO_LOAD, type CargoLoadContext, cargoLoadKey } from './cargos-carga.ts';

/** `/cargos/carga`: the company's positions from a file. */
export function CargosCargaPage() {
  const session = useRequiredSession();
  const labels: [string, string] = [levelName(session, 2), levelName(session, 3)];
  const loadContext = async (): Promise<CargoLoadContext> => {
    const { db } = requireDevice();
    const [levels, cargos] = await Promise.all([db.niveles.toArray(), db.cargos.toArray()]);
    return {
      ...loadLevels(levels, labels),
      existing: new Set(cargos.map(cargoLoadKey)),
    };
  };
  return (
    <RecordFileLoadPage
      table="cargos"
      listHref={paths.cargos.list.href}
      listTitle="Cargos"
      spec={CARGO_LOAD}
      loadContext={loadContext}
      instructions={
        <ul>
          <li>Cargo: el nombre del cargo, obligatorio.</li>
          <li>
            Nivel 2 y Nivel 3 (o {labels[0]} y {labels[1]}): los nombres como están en Ajustes; vacíos, el cargo es de toda la empresa.
          </li>
        </ul>
      }
    />
  );
}
