import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { LocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { type TrainingLookups, typeLabel, useTrainingLookups } from './capacitaciones-lookups.ts';

const attendees = (row: LocalCapacitacion) =>
  row.Participantes.filter((participant) => participant.Estado === 1 && participant.Asistio === 1).length;
const created = (row: LocalCapacitacion) => row.Realizada === 0;
const realised = (row: LocalCapacitacion) => row.Realizada === 1;

function view(realizadas: boolean): RecordView<'capacitaciones', TrainingLookups> {
  return {
    table: 'capacitaciones',
    routes: realizadas ? paths.capacitaciones.realizadas : paths.capacitaciones.creadas,
    title: realizadas ? 'Capacitaciones realizadas' : 'Capacitaciones creadas',
    listLabel: realizadas ? 'Lista de capacitaciones realizadas' : 'Lista de capacitaciones por realizar',
    labels: {
      create: 'Nueva capacitación',
      newTitle: 'Nueva capacitación',
      editTitle: 'Editar capacitación',
      correctTitle: 'Corregir capacitación',
      data: 'Datos de la capacitación',
    },
    where: realizadas ? realised : created,
    useLookups: useTrainingLookups,
    fields: [
      { name: 'Tema', label: 'Tema', inList: false },
      { name: 'IdTipoCapacitacion', label: 'Tipo', show: (row, lookups) => typeLabel(lookups, row.IdTipoCapacitacion) },
      {
        name: 'Fecha',
        label: realizadas ? 'Fecha de realización' : 'Fecha',
        show: (row) => formatDisplayDate(realizadas ? row.FechaRealizacion : row.Fecha),
      },
      { name: 'Lugar', label: 'Lugar' },
      {
        name: 'Participantes',
        label: realizadas ? 'Asistentes' : 'Participantes',
        show: (row) => String(realizadas ? attendees(row) : row.Participantes.filter((participant) => participant.Estado === 1).length),
      },
    ],
    summary: (row, lookups) =>
      [
        formatDisplayDate(realizadas ? row.FechaRealizacion : row.Fecha),
        typeLabel(lookups, row.IdTipoCapacitacion),
        row.Lugar,
        realizadas
          ? `${attendees(row)} asistentes`
          : `${row.Participantes.filter((participant) => participant.Estado === 1).length} participantes`,
      ].join(' · '),
    filters: [
      {
        name: 'tipo',
        label: 'Tipo',
        emptyLabel: 'Todos los tipos',
        options: (lookups) => lookups.types.map((type) => ({ value: type.IdTipoCapacitacion, label: type.Nombre })),
        matches: (row, value) => row.IdTipoCapacitacion === value,
      },
    ],
  };
}

const VIEWS = { creadas: view(false), realizadas: view(true) };

/** The kit's list (and delete) of sessions: those still to give ("creadas") or realised ("realizadas"). */
export function sessionsView(realizadas: boolean): RecordView<'capacitaciones', TrainingLookups> {
  return realizadas ? VIEWS.realizadas : VIEWS.creadas;
}
