import { formatDisplayDate } from '#sync/domain/dates.ts';
import { passes } from '#sync/domain/grades.ts';
import { formatGrade, formatNumber } from '#sync/domain/number-format.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';
import type { CertificadoCapacitacionData } from '#sync/schemas/capacitaciones-certificado.schema.ts';
import { type TipoCapacitacion, categoryName } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';

/**
 * The certificate's data from a realised session and one of its attendances, the same on the device and on the
 * server. Pure: rows in, data out; each side reads its own rows and loads signatures its own way.
 */
export interface CertificateContext {
  company: CertificadoCapacitacionData['Empresa'];
  /** The session's type (a deleted one still names the certificate's training). */
  type: Pick<TipoCapacitacion, 'Nombre' | 'IdCategoria'> | null;
  cargoName: string;
  loadFile: (file: FileRef) => Promise<ReportImage | null>;
  /** YYYY-MM-DD of today in Chile. */
  today: string;
}

export interface BuiltCertificate {
  data: CertificadoCapacitacionData;
  missingFiles: number;
}

function validityText(session: Capacitacion, participant: Capacitacion['Participantes'][number]): string {
  if (session.Evaluada === 1 && participant.Nota !== null && !passes(participant.Nota)) return 'Sin vigencia: nota inferior a 4,0';
  if (participant.FechaVencimiento) return `Vigente hasta el ${formatDisplayDate(participant.FechaVencimiento)}`;
  return 'Indefinida';
}

const hours = (value: number) =>
  `${Number.isInteger(value) ? formatNumber(value) : formatNumber(value, 1)} ${value === 1 ? 'hora' : 'horas'}`;

/** Null when the attendance is not of this session, not active, the person did not attend, or it is not realised. */
export async function buildCertificateData(
  session: Capacitacion,
  attendanceId: string,
  context: CertificateContext,
): Promise<BuiltCertificate | null> {
  const participant = session.Participantes.find((candidate) => candidate.Id === attendanceId);
  if (!participant || participant.Estado !== 1 || participant.Asistio !== 1 || session.Realizada !== 1 || session.Estado !== 1) return null;
  let missingFiles = 0;
  const image = async (file: FileRef | null) => {
    if (!file) return null;
    const loaded = await context.loadFile(file);
    if (!loaded) missingFiles += 1;
    return loaded;
  };
  const presenters = session.Relatores.filter((relator) => relator.Estado === 1 && relator.Firma);
  const data: CertificadoCapacitacionData = {
    Empresa: { ...context.company, Rut: context.company.Rut ? formatRut(context.company.Rut) : '' },
    Folio: participant.Id,
    Participante: {
      Nombre: participant.Nombre,
      Rut: formatRut(participant.RunPersona),
      Cargo: context.cargoName,
      Firma: await image(participant.Firma),
    },
    Capacitacion: {
      Tema: session.Tema,
      Tipo: context.type?.Nombre ?? '',
      Categoria: context.type ? categoryName(context.type.IdCategoria) : '',
      Horas: hours(session.DuracionHoras),
      Fecha: formatDisplayDate(session.FechaRealizacion),
      Lugar: session.Lugar,
    },
    Nota: session.Evaluada === 1 && participant.Nota !== null ? formatGrade(participant.Nota) : null,
    Resultado: session.Evaluada === 1 && participant.Nota !== null ? (passes(participant.Nota) ? 'Aprobado' : 'Reprobado') : null,
    Relatores: await Promise.all(
      presenters.map(async (relator) => ({
        Nombre: relator.Nombre,
        Rut: relator.Rut ? formatRut(relator.Rut) : '',
        Firma: await image(relator.Firma),
      })),
    ),
    Vigencia: validityText(session, participant),
    Emitido: formatDisplayDate(context.today),
  };
  return { data, missingFiles };
}

/** "Certificado Trabajo-en-altura Juan Perez": the downloaded file's name. */
export function certificateFileName(data: CertificadoCapacitacionData): string {
  return `Certificado ${data.Capacitacion.Tema} ${data.Participante.Nombre}`;
}
