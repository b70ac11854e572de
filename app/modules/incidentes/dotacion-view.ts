import { DOTACIONES_MESSAGES } from '#sync/schemas/dotaciones.schema.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { type LevelLookups, useLevelLookups } from '#app/data/reference-queries.ts';
import type { LocalDotacion } from '#app/db/reference-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { contractorText, currentMonth, dotacionKey, hoursText, monthText } from './dotacion-rules.ts';

export const DOTACION_TITLE = 'Dotación y horas hombre';

/** The levels by name, and the keys of the other headcount rows on this device (a second one of a month is refused). */
export interface DotacionLookups extends LevelLookups {
  taken: ReadonlySet<string>;
}

function useDotacionLookups(): DotacionLookups | undefined {
  const levels = useLevelLookups();
  const { id } = useParams();
  const taken = useDbQuery(
    async (db) => new Set((await db.dotaciones.toArray()).filter((row) => row.IdDotacion !== id).map(dotacionKey)),
    [id],
  );
  return useMemo(() => (levels && taken ? { ...levels, taken } : undefined), [levels, taken]);
}

const nameOf = (lookups: LevelLookups, id: string | null | undefined) => (id ? (lookups.names.get(id) ?? 'Nivel eliminado') : '');

/**
 * Headcount (dotación) and hours worked (horas hombre) per month and level on the kit: what the accident rates divide
 * by. A contractor's user enters only its own (the server limits it too).
 */
export function useDotacionView(): RecordView<'dotaciones', DotacionLookups> {
  const session = useRequiredSession();
  return useMemo(() => {
    const contractor = isContractorUser(session) ? String(session.usuario.IdContratista) : null;
    const level2 = levelName(session, 2);
    const level3 = levelName(session, 3);
    return {
      table: 'dotaciones',
      routes: paths.incidentes.dotacion,
      title: DOTACION_TITLE,
      listLabel: 'Lista de dotaciones',
      labels: {
        create: 'Nueva dotación',
        newTitle: 'Nueva dotación',
        editTitle: 'Editar dotación',
        correctTitle: 'Corregir dotación',
        data: 'Datos de la dotación',
      },
      useLookups: useDotacionLookups,
      fields: [
        {
          name: 'Mes',
          label: 'Mes',
          required: true,
          show: (row) => monthText(row.Mes),
          input: { kind: 'month', max: () => currentMonth() },
        },
        {
          name: 'IdNivel2',
          label: level2,
          required: true,
          show: (row, lookups) => nameOf(lookups, row.IdNivel2),
          input: {
            kind: 'select',
            emptyLabel: `Elige ${level2.toLocaleLowerCase('es')}`,
            options: ({ byType }) => byType[2].map((level) => ({ value: level.IdNivel, label: level.Nombre })),
          },
        },
        {
          name: 'IdNivel3',
          label: level3,
          show: (row, lookups) => nameOf(lookups, row.IdNivel3),
          input: {
            kind: 'select',
            emptyLabel: `Sin ${level3.toLocaleLowerCase('es')} (todo el nivel superior)`,
            options: ({ byType }, values) =>
              byType[3]
                .filter((level) => !values.IdNivel2 || level.IdNivelPadre === values.IdNivel2)
                .map((level) => ({ value: level.IdNivel, label: level.Nombre })),
          },
        },
        {
          name: 'RutContratista',
          label: 'RUT contratista',
          show: (row) => contractorText(row.RutContratista),
          ...(contractor ? {} : { input: { kind: 'text' as const } }),
        },
        { name: 'Dotacion', label: 'Dotación', required: true, show: (row) => formatNumber(row.Dotacion), input: { kind: 'number' } },
        {
          name: 'HorasHombre',
          label: 'Horas hombre',
          required: true,
          show: (row) => hoursText(row.HorasHombre),
          input: { kind: 'number' },
        },
      ],
      name: (row, lookups) =>
        `${monthText(row.Mes)} · ${nameOf(lookups, row.IdNivel2)}${row.IdNivel3 ? ` / ${nameOf(lookups, row.IdNivel3)}` : ''}`,
      summary: (row) => `${contractorText(row.RutContratista)} · Dotación ${formatNumber(row.Dotacion)} · ${hoursText(row.HorasHombre)} HH`,
      filters: [
        {
          name: 'nv2',
          label: `Filtrar por ${level2}`,
          emptyLabel: 'Todos',
          options: ({ byType }) => byType[2].map((level) => ({ value: level.IdNivel, label: level.Nombre })),
          matches: (row: LocalDotacion, value: string) => row.IdNivel2 === value,
        },
      ],
      defaults: { Mes: currentMonth(), RutContratista: '' },
      ...(contractor ? { fixed: { RutContratista: contractor } } : {}),
      validate: (values, lookups) => {
        const mes = String(values.Mes ?? '');
        if (mes > currentMonth()) return { field: 'Mes', message: DOTACIONES_MESSAGES.future };
        const nivel3 = lookups.byType[3].find((level) => level.IdNivel === values.IdNivel3);
        if (nivel3 && nivel3.IdNivelPadre !== values.IdNivel2) return { field: 'IdNivel3', message: DOTACIONES_MESSAGES.levelMismatch };
        const key = dotacionKey({
          Mes: mes,
          IdNivel2: String(values.IdNivel2 ?? ''),
          IdNivel3: (values.IdNivel3 as string | null) ?? null,
          RutContratista: (values.RutContratista as string | undefined) ?? contractor ?? '',
        });
        return lookups.taken.has(key) ? { field: 'Mes', message: DOTACIONES_MESSAGES.duplicate } : null;
      },
    } satisfies RecordView<'dotaciones', DotacionLookups>;
  }, [session]);
}
