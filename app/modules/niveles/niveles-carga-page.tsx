import type { LevelType } from '#sync/schemas/niveles.schema.ts';
import { useMemo } from 'react';
import { LEVEL_PATHS } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { RecordFileLoadPage } from '#app/ui/records/record-file-load-page.tsx';
import { type NivelLoadContext, nivelLoadKey, nivelLoadOf } from './niveles-carga.ts';

/** `/nv2/carga`, `/nv3/carga`, `/nv4/carga`: levels of one type from a file, each under a level above by its name. */
export function NivelesCargaPage({ type }: { type: LevelType }) {
  const session = useRequiredSession();
  const label = levelName(session, type);
  const parentLabel = type > 2 ? levelName(session, (type - 1) as 2 | 3) : '';
  const spec = useMemo(() => nivelLoadOf(type), [type]);
  const loadContext = async (): Promise<NivelLoadContext> => {
    const { db } = requireDevice();
    const levels = await db.niveles.toArray();
    return {
      type,
      label,
      parentLabel,
      parents: levels.filter((level) => level.TipoNivel === type - 1),
      existing: new Set(levels.filter((level) => level.TipoNivel === type).map(nivelLoadKey)),
    };
  };
  return (
    <RecordFileLoadPage
      table="niveles"
      listHref={LEVEL_PATHS[type].list.href}
      listTitle={label}
      title={`Cargar ${label} desde un archivo`}
      spec={spec}
      loadContext={loadContext}
      instructions={
        <ul>
          <li>Nombre (o {label}): obligatorio.</li>
          {type > 2 && <li>Nivel superior (o {parentLabel}): el nombre de {parentLabel.toLocaleLowerCase('es')} al que pertenece, como está en Ajustes.</li>}
          <li>RUT: opcional, con su dígito verificador.</li>
        </ul>
      }
    />
  );
}
