import { validityProblem } from '#sync/schemas/certificaciones.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { recordLabels } from '#app/ui/records/record-labels.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';

const validity = (row: { Vence: number; VigenciaMeses: number }) =>
  row.Vence !== 1 ? 'Indefinida' : row.VigenciaMeses === 1 ? '1 mes' : `${row.VigenciaMeses} meses`;

/** The certifications catalogue on the kit: what a worker may be certified in, who issues it and how long it lasts. */
const certificacionesView: RecordView<'certificaciones'> = {
  table: 'certificaciones',
  routes: paths.certificaciones,
  title: 'Certificaciones',
  labels: recordLabels('certificación', true),
  fields: [
    { name: 'Nombre', label: 'Nombre', required: true, input: { kind: 'text' }, inList: false },
    { name: 'Emisor', label: 'Organismo emisor', input: { kind: 'text' } },
    { name: 'Vence', label: 'Vence', show: (row) => (row.Vence === 1 ? 'Sí' : 'No'), input: { kind: 'check' }, inList: false },
    { name: 'VigenciaMeses', label: 'Vigencia en meses (0: indefinida)', show: validity, input: { kind: 'number' }, required: true },
  ],
  defaults: { Vence: 0, VigenciaMeses: 0 },
  validate: (values) => {
    const problem = validityProblem({ Vence: values.Vence === 1 ? 1 : 0, VigenciaMeses: Number(values.VigenciaMeses) });
    return problem ? { field: 'VigenciaMeses', message: problem } : null;
  },
};

export const CertificacionesListPage = () => <RecordListPage view={certificacionesView} />;
export const CertificacionFormPage = () => <RecordFormPage view={certificacionesView} />;
export const CertificacionDetailPage = () => <RecordDetailPage view={certificacionesView} />;
