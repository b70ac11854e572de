import { CARGOS_MESSAGES } from '#sync/schemas/cargos.schema.ts';
import { useMemo } from 'react';
import { type LevelLookups, useLevelLookups } from '#app/data/reference-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { recordLabels } from '#app/ui/records/record-labels.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';

/** Positions on the kit: a name for one combination of level 2 and level 3 (either empty: the whole company). */
export function useCargosView(): RecordView<'cargos', LevelLookups> {
  const session = useRequiredSession();
  return useMemo(
    () => ({
      table: 'cargos',
      routes: paths.cargos,
      title: 'Cargos',
      labels: recordLabels('cargo'),
      useLookups: useLevelLookups,
      fields: [
        { name: 'NombreCargo', label: 'Nombre del cargo', required: true, input: { kind: 'text' }, inList: false },
        {
          name: 'IdNivel2',
          label: levelName(session, 2),
          show: (cargo, { names }) => (cargo.IdNivel2 && names.get(cargo.IdNivel2)) || 'Toda la empresa',
          input: {
            kind: 'select',
            emptyLabel: 'Toda la empresa',
            options: ({ byType }) => byType[2].map((level) => ({ value: level.IdNivel, label: level.Nombre })),
          },
        },
        {
          name: 'IdNivel3',
          label: levelName(session, 3),
          show: (cargo, { names }) => (cargo.IdNivel3 && names.get(cargo.IdNivel3)) || 'Todas',
          input: {
            kind: 'select',
            emptyLabel: 'Todas',
            options: ({ byType }, values) =>
              byType[3]
                .filter((level) => !values.IdNivel2 || level.IdNivelPadre === values.IdNivel2)
                .map((level) => ({ value: level.IdNivel, label: level.Nombre })),
          },
        },
      ],
      filters: [
        {
          name: 'nv2',
          label: `Filtrar por ${levelName(session, 2)}`,
          emptyLabel: 'Todos',
          options: ({ byType }) => byType[2].map((level) => ({ value: level.IdNivel, label: level.Nombre })),
          matches: (cargo, value) => cargo.IdNivel2 === value,
        },
      ],
      validate: (values, { byType }) => {
        const level3 = byType[3].find((level) => level.IdNivel === values.IdNivel3);
        return level3 && level3.IdNivelPadre !== values.IdNivel2 ? { field: 'IdNivel3', message: CARGOS_MESSAGES.levelMismatch } : null;
      },
      // The server refuses it too (CARGO_EN_USO); saying so now spares a write that can only be rejected.
      inUse: (db, cargo) => db.trabajadores.where('cargos').equals(cargo.IdCargo).count(),
    }),
    [session],
  );
}
