import {
  APLICACION_LABELS,
  FRECUENCIA_LABELS,
  PERIODOS_MESES,
  requisitoProblem,
  TIPOS_REQUISITO,
  type Requisito,
} from '#sync/schemas/contratistas-requisitos.schema.ts';
import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';

interface RequisitoLookups {
  classifications: { value: string; label: string }[];
}

const periodText = (months: number) => (months === 0 ? 'No vence' : months === 1 ? '1 mes' : `${months} meses`);
const yesNo = (value: number) => (value === 1 ? 'Sí' : 'No');

function useRequisitoLookups(): RequisitoLookups | undefined {
  return useDbQuery(async (db) => {
    const rows = (await db.table('clasificaciones_contrato').orderBy('orden').toArray()) as { Id: string; Info: string }[];
    return { classifications: rows.map((row) => ({ value: row.Id, label: row.Info })) };
  }, []);
}

/** Requirement rules on the kit: what is asked, of whom, how often and for how long it is in force. */
const requisitosView: RecordView<'requisitos', RequisitoLookups> = {
  table: 'requisitos',
  routes: MAINTAINER_PATHS.requisitos!,
  title: 'Requisitos',
  labels: { create: 'Nuevo requisito', newTitle: 'Nuevo requisito', editTitle: 'Editar requisito', correctTitle: 'Corregir requisito', data: 'Datos del requisito' },
  useLookups: useRequisitoLookups,
  fields: [
    { name: 'Nombre', label: 'Nombre', required: true, input: { kind: 'text' }, inList: false },
    {
      name: 'Aplicacion',
      label: 'Se aplica a',
      required: true,
      show: (row) => APLICACION_LABELS[row.Aplicacion],
      input: { kind: 'select', emptyLabel: 'Elige a qué se aplica', options: () => Object.entries(APLICACION_LABELS).map(([value, label]) => ({ value, label })) },
    },
    {
      name: 'IdClasificacion',
      label: 'Clasificación',
      show: (row, lookups) => lookups.classifications.find((option) => option.value === row.IdClasificacion)?.label ?? '',
      input: { kind: 'select', emptyLabel: 'Sin clasificación', options: (lookups) => lookups.classifications },
      inList: false,
    },
    {
      name: 'Frecuencia',
      label: 'Frecuencia',
      required: true,
      show: (row) => FRECUENCIA_LABELS[row.Frecuencia],
      input: { kind: 'select', emptyLabel: 'Elige la frecuencia', options: () => Object.entries(FRECUENCIA_LABELS).map(([value, label]) => ({ value, label })) },
    },
    {
      name: 'TipoRequisito',
      label: 'Tipo',
      required: true,
      input: { kind: 'select', emptyLabel: 'Elige el tipo', options: () => TIPOS_REQUISITO.map((value) => ({ value, label: value })) },
      inList: false,
    },
    { name: 'PeriodoMeses', label: `Vigencia en meses (${PERIODOS_MESES.join(', ')}; 0: no vence)`, required: true, show: (row) => periodText(row.PeriodoMeses), input: { kind: 'number' } },
    { name: 'Obligatorio', label: 'Obligatorio para acreditar', show: (row) => yesNo(row.Obligatorio), input: { kind: 'check' } },
    { name: 'ControlDeuda', label: 'Controla deuda laboral y previsional (F30-1, Ley 20.123)', show: (row) => yesNo(row.ControlDeuda), input: { kind: 'check' }, inList: false },
    { name: 'Descripcion', label: 'Descripción', input: { kind: 'text' }, inList: false },
  ],
  defaults: { Obligatorio: 1, ControlDeuda: 0, PeriodoMeses: 12, Frecuencia: 'unica', TipoRequisito: 'Documento' },
  validate: (values) => {
    const problem = requisitoProblem({
      ControlDeuda: values.ControlDeuda === 1 ? 1 : 0,
      Frecuencia: values.Frecuencia as Requisito['Frecuencia'],
      Aplicacion: values.Aplicacion as Requisito['Aplicacion'],
    });
    return problem ? { field: 'ControlDeuda', message: problem } : null;
  },
};

export const RequisitosListPage = () => <RecordListPage view={requisitosView} />;
export const RequisitoFormPage = () => <RecordFormPage view={requisitosView} />;
export const RequisitoDetailPage = () => <RecordDetailPage view={requisitosView} />;
