import { toWireDate } from '#sync/domain/dates.ts';
import type { CertificadoCapacitacionData, CertificadoRequest } from '#sync/schemas/capacitaciones-certificado.schema.ts';
import { PARTES_MESSAGES } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { deviceImage } from '#app/data/device-images.ts';
import { buildCertificateData, certificateFileName } from '#app/reports/capacitacion-certificado-data.ts';
import { paths } from '#app/navigation/paths.ts';
import type { ReportSource } from '#app/ui/reports/report-source.ts';

/**
 * The training certificate of one attendance: `/pdf/capacitacion/{empresa}/{id}` (spec 2.4), `{id}` the attendance
 * row. Made on the device offline when the session and its signatures are here; from the server otherwise.
 */
export const certificadoReportSource: ReportSource<'certificado-capacitacion'> = {
  kind: 'certificado-capacitacion',
  title: 'Certificado de capacitación',
  permission: paths.capacitaciones.realizadas.list.href,
  back: { label: 'Volver a las capacitaciones realizadas', href: () => paths.capacitaciones.realizadas.list.href },
  list: { label: 'Volver a las capacitaciones realizadas', href: paths.capacitaciones.realizadas.list.href },
  notFound: PARTES_MESSAGES.participantNotFound,
  async fromDevice(db, session, id) {
    const training = await db.capacitaciones.where('asistencias').equals(id).first();
    if (!training) return null;
    const participant = training.Participantes.find((candidate) => candidate.Id === id);
    const [type, cargo] = await Promise.all([
      db.tipos_capacitacion.get(training.IdTipoCapacitacion),
      participant?.IdCargo ? db.cargos.get(participant.IdCargo) : undefined,
    ]);
    const { NombreEmpresa, RutEmpresa, Logo } = session.empresa;
    return buildCertificateData(training, id, {
      company: { Nombre: NombreEmpresa, Rut: RutEmpresa, Logo: Logo ? { Sha256: '', Tipo: 'image/png', Url: Logo } : null },
      type: type ?? null,
      cargoName: cargo?.NombreCargo ?? '',
      loadFile: (file) => deviceImage(db, file),
      today: toWireDate(new Date()),
    });
  },
  async fromServer(empresa, id, signal) {
    const request: CertificadoRequest = { IdObjeto: id, Empresa: empresa };
    return (
      await apiRequest<{ data: CertificadoCapacitacionData }>('/capacitaciones/recursos-app/pdf', { method: 'POST', body: request, signal })
    ).data;
  },
  fileName: certificateFileName,
};
