import { formatRut } from '#sync/domain/rut.ts';
import { type LevelType, NIVELES_MESSAGES } from '#sync/schemas/niveles.schema.ts';
import { useMemo } from 'react';
import { type LevelLookups, useLevelLookups } from '#app/data/reference-queries.ts';
import { LEVEL_PATHS } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';

/**
 * The levels of one type on the kit, named by the company's masks ("Faena", "Área"): a level 3 hangs from a
 * level 2, a level 4 from a level 3.
 */
export function useNivelesView(type: LevelType): RecordView<'niveles', LevelLookups> {
  const session = useRequiredSession();
  return useMemo(() => {
    const title = levelName(session, type);
    const above = type === 2 ? null : ((type - 1) as 2 | 3);
    const view: RecordView<'niveles', LevelLookups> = {
      table: 'niveles',
      routes: LEVEL_PATHS[type],
      title,
      listLabel: `Lista de ${title}`,
      labels: { create: 'Nuevo', newTitle: `Nuevo: ${title}`, editTitle: `Editar: ${title}`, correctTitle: `Corregir: ${title}`, data: 'Datos' },
      where: (level) => level.TipoNivel === type,
      fixed: { TipoNivel: type },
      useLookups: useLevelLookups,
      fields: [
        { name: 'Nombre', label: 'Nombre', required: true, input: { kind: 'text' }, inList: false },
        ...(above
          ? [
              {
                name: 'IdNivelPadre' as const,
                label: levelName(session, above),
                required: true,
                show: (level: { IdNivelPadre: string | null }, { names }: LevelLookups) => (level.IdNivelPadre && names.get(level.IdNivelPadre)) || 'Sin asignar',
                input: {
                  kind: 'select' as const,
                  emptyLabel: 'Selecciona una opción',
                  options: ({ byType }: LevelLookups) => byType[above].map((level) => ({ value: level.IdNivel, label: level.Nombre })),
                },
              },
            ]
          : []),
        { name: 'RutNivel', label: 'Rut', show: (level) => (level.RutNivel ? formatRut(level.RutNivel) : 'Sin rut'), input: { kind: 'text' }, inList: false },
      ],
      // A level 2 has no parent (its form has no such field); levels 3 and 4 must have one.
      validate: (values) => (above && !values.IdNivelPadre ? { field: 'IdNivelPadre', message: NIVELES_MESSAGES.parentInvalid } : null),
      // The list names the parent when the device knows it.
      summary: (level, { names }) => (level.IdNivelPadre ? (names.get(level.IdNivelPadre) ?? '') : ''),
      // Children, positions and workers that point at it: the server refuses its delete (NIVEL_EN_USO).
      inUse: async (db, level) =>
        (await db.niveles.where('IdNivelPadre').equals(level.IdNivel).count()) +
        (await db.cargos.where(type === 2 ? 'IdNivel2' : 'IdNivel3').equals(level.IdNivel).count()) +
        (type === 4 ? 0 : await db.trabajadores.where(type === 2 ? '[IdNivel2+orden]' : '[IdNivel3+orden]').between([level.IdNivel, ''], [level.IdNivel, '\uffff']).count()),
    };
    return view;
  }, [session, type]);
}
