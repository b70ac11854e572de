import { fold } from '#app/db/reference-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { RecordFileLoadPage } from '#app/ui/records/record-file-load-page.tsx';
import { EPP_TIPO_LOAD, type EppTipoLoadContext } from './epp-tipos-carga.ts';

/** `/epp/tipos/carga`: the EPP catalogue from a file. */
export function EppTiposCargaPage() {
  const loadContext = async (): Promise<EppTipoLoadContext> => {
    const { db } = requireDevice();
    const [activities, items] = await Promise.all([db.actividades_economicas.toArray(), db.epp_tipos.toArray()]);
    return { activities, existing: new Set(items.map((item) => fold(item.NombreEpp))) };
  };
  return (
    <RecordFileLoadPage
      table="epp_tipos"
      listHref={paths.eppTipos.list.href}
      listTitle="Tipos de EPP"
      title="Cargar tipos de EPP desde un archivo"
      spec={EPP_TIPO_LOAD}
      loadContext={loadContext}
      instructions={
        <ul>
          <li>EPP: el nombre del elemento, obligatorio y sin repetir.</li>
          <li>Actividades: nombres o códigos de actividades económicas del catálogo, separados por «|»; puede ir vacía.</li>
          <li>Tallas: separadas por coma o «|» (S, M, L); vacía para talla única.</li>
          <li>Vida útil (meses): un número entero de 0 a 120; 0 o vacía, no vence.</li>
        </ul>
      }
    />
  );
}
