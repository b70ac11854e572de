import * as v from 'valibot';
import type { ReportImage, ReportCompany } from '../records/record-fields.ts';
import { RecordIdSchema } from '../records/record-fields.ts';

/**
 * The training certificate (spec 2.4, `/pdf/capacitacion/{empresa}/{id}`, `{id}` the participant's attendance row):
 * built the same way on the device (offline) and on the server, drawn by one document (app/reports).
 */
export interface CertificadoCapacitacionData {
  Empresa: ReportCompany;
  /** The attendance row: the certificate's number. */
  Folio: string;
  Participante: { Nombre: string; Rut: string; Cargo: string; Firma: ReportImage | null };
  Capacitacion: { Tema: string; Tipo: string; Categoria: string; Horas: string; Fecha: string; Lugar: string };
  /** Null when the training is not evaluated; the grade with a decimal comma otherwise ("6,5"). */
  Nota: string | null;
  /** "Aprobado" (4,0 or more) or "Reprobado"; null when not evaluated. */
  Resultado: 'Aprobado' | 'Reprobado' | null;
  Relatores: { Nombre: string; Rut: string; Firma: ReportImage | null }[];
  /** "Vigente hasta el 28/02/2027", "Indefinida", or why it has none. */
  Vigencia: string;
  /** DD/MM/YYYY of the day it was made. */
  Emitido: string;
}

export const CertificadoRequestSchema = v.object({
  IdObjeto: RecordIdSchema,
  Empresa: v.pipe(v.string(), v.trim(), v.nonEmpty()),
});
export type CertificadoRequest = v.InferOutput<typeof CertificadoRequestSchema>;
