import { toWireDate } from '#sync/domain/dates.ts';
import { MONTH_NAMES, PROGRAMA_MESSAGES } from '#sync/schemas/capacitaciones-programa.schema.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import type { LocalPrograma } from '#app/db/capacitacion-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { type TrainingLookups, typeLabel, useTrainingLookups } from './capacitaciones-lookups.ts';
import { EvidenceList } from './evidence-list.tsx';
import { addProgrammeEvidence, removeProgrammeEvidence } from './programa-writes.ts';

const monthName = (month: number) => {
  const name = MONTH_NAMES[month - 1] ?? '';
  return name.charAt(0).toLocaleUpperCase('es') + name.slice(1);
};

/** A programme line's evidence, with the server's signed addresses when online. */
function ProgrammeEvidence({ row }: { row: LocalPrograma }) {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const showSaved = useSavedToast();
  const canEdit = hasPermission(session, paths.capacitaciones.programa.list.href, 'editar');
  const urls = useQuery({
    queryKey: ['capacitaciones', 'programa', row.IdCapacitacion, row.Evidencias.length],
    queryFn: ({ signal }) =>
      apiRequest<{ data: { Urls?: Record<string, string> } | null }>(
        `/capacitaciones/programa/${row.IdCapacitacion}/${session.empresa.IdEmpresa}`,
        { signal },
      ),
    enabled: online && row.Evidencias.length > 0,
  });
  return (
    <EvidenceList
      id="programa-evidencias"
      title="Evidencias del programa"
      evidence={row.Evidencias}
      serverUrls={urls.data?.data?.Urls}
      onAdd={
        canEdit
          ? async (child, file) => {
              await addProgrammeEvidence(row, child, file);
              showSaved(PROGRAMA_MESSAGES.updated);
            }
          : undefined
      }
      onRemove={
        canEdit
          ? async (evidence) => {
              await removeProgrammeEvidence(row, evidence);
              showSaved(PROGRAMA_MESSAGES.updated);
            }
          : undefined
      }
    />
  );
}

function useProgrammeView(): RecordView<'programas_capacitacion', TrainingLookups> {
  const session = useRequiredSession();
  return useMemo(() => programmeView(session), [session]);
}

function programmeView(session: Session): RecordView<'programas_capacitacion', TrainingLookups> {
  const now = new Date();
  return {
    table: 'programas_capacitacion',
    routes: paths.capacitaciones.programa,
    title: 'Programa de capacitaciones',
    listLabel: 'Líneas del programa de capacitaciones',
    labels: {
      create: 'Nueva línea del programa',
      newTitle: 'Nueva línea del programa',
      editTitle: 'Editar línea del programa',
      correctTitle: 'Corregir línea del programa',
      data: 'Qué, para quién y cuándo',
    },
    useLookups: useTrainingLookups,
    fields: [
      { name: 'Tema', label: 'Tema', required: true, input: { kind: 'text' }, inList: false },
      {
        name: 'IdTipoCapacitacion',
        label: 'Tipo de capacitación',
        required: true,
        show: (row, lookups) => typeLabel(lookups, row.IdTipoCapacitacion),
        input: {
          kind: 'select',
          emptyLabel: 'Elige un tipo',
          options: (lookups) => lookups.types.map((type) => ({ value: type.IdTipoCapacitacion, label: type.Nombre })),
        },
      },
      { name: 'Anio', label: 'Año', required: true, input: { kind: 'number' } },
      { name: 'Mes', label: 'Mes (1 a 12)', required: true, show: (row) => monthName(row.Mes), input: { kind: 'number' } },
      {
        name: 'IdNivel2',
        label: levelName(session, 2),
        show: (row, lookups) => (row.IdNivel2 && lookups.levelName.get(row.IdNivel2)) || 'Toda la empresa',
        input: {
          kind: 'select',
          emptyLabel: 'Toda la empresa',
          options: (lookups) => lookups.levels[2].map((level) => ({ value: level.IdNivel, label: level.Nombre })),
        },
        inList: false,
      },
      {
        name: 'IdNivel3',
        label: levelName(session, 3),
        show: (row, lookups) => (row.IdNivel3 && lookups.levelName.get(row.IdNivel3)) || 'Todos',
        input: {
          kind: 'select',
          emptyLabel: 'Todos',
          options: (lookups, values) =>
            lookups.levels[3]
              .filter((level) => !values.IdNivel2 || level.IdNivelPadre === values.IdNivel2)
              .map((level) => ({ value: level.IdNivel, label: level.Nombre })),
        },
        inList: false,
      },
      {
        name: 'Cargos',
        label: 'Para los cargos',
        show: (row, lookups) =>
          row.Cargos.map((cargo) => lookups.cargoName.get(cargo))
            .filter(Boolean)
            .join(', ') || 'Todos',
        input: { kind: 'multi', options: (lookups) => lookups.cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo })) },
        inList: false,
      },
    ],
    summary: (row, lookups) => [`${monthName(row.Mes)} ${row.Anio}`, typeLabel(lookups, row.IdTipoCapacitacion)].join(' · '),
    defaults: { Anio: Number(toWireDate(now).slice(0, 4)), Mes: Number(toWireDate(now).slice(5, 7)), Cargos: [] },
    filters: [
      {
        name: 'anio',
        label: 'Año',
        emptyLabel: 'Todos los años',
        options: (lookups) =>
          [...new Set(lookups.programme.map((line) => line.Anio))].map((year) => ({ value: String(year), label: String(year) })),
        matches: (row, value) => String(row.Anio) === value,
      },
    ],
    sections: (row) => <ProgrammeEvidence row={row} />,
  };
}

export const ProgramaListPage = () => <RecordListPage view={useProgrammeView()} />;
export const ProgramaFormPage = () => <RecordFormPage view={useProgrammeView()} />;
export const ProgramaDetailPage = () => <RecordDetailPage view={useProgrammeView()} />;
