import { MOTIVOS_ENTREGA, type MotivoEntrega, verificationUrl } from '#sync/domain/epp-delivery.ts';
import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';
import { countingImages } from './report-images.ts';
import type { EppActaReportData, EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';

/**
 * The EPP delivery acta's report data (spec 2.4, `/pdf/epp/{empresa}/{id}`), built the same way on the device
 * (offline, from Dexie) and on the server (from SQLite): one worker's sealed delivery. Pure: the acta in, data out;
 * each side loads the signatures its own way.
 */
export interface ActaReportContext {
  company: EppActaReportData['Empresa'];
  /** The server's public address (it reaches the device with the session): the QR code points there. */
  verificationBase: string;
  /** A signature as a drawable image, or null when its bytes cannot be had here (counted as missing). */
  loadFile: (file: FileRef) => Promise<ReportImage | null>;
}

export interface BuiltActaReport {
  data: EppActaReportData;
  missingFiles: number;
}

export async function buildEppActaReportData(
  acta: Pick<
    EppEntrega,
    'IdEntregadosEpp' | 'NombreTrabajador' | 'RunPersona' | 'Fecha' | 'Motivo' | 'Items' | 'Entregador' | 'FirmaTrabajador' | 'FirmadoEn' | 'Sello' | 'RecibidoEn' | 'Corrige' | 'Anulada' | 'AnuladaPor' | 'AnuladaEn'
  >,
  context: ActaReportContext,
): Promise<BuiltActaReport> {
  const images = countingImages(context.loadFile);
  const { image } = images;
  const [delivererSignature, workerSignature] = await Promise.all([image(acta.Entregador.Firma), image(acta.FirmaTrabajador)]);
  return {
    data: {
      Empresa: context.company,
      IdEntregadosEpp: acta.IdEntregadosEpp,
      Trabajador: { Nombre: acta.NombreTrabajador, Rut: acta.RunPersona },
      Fecha: acta.Fecha,
      Motivo: MOTIVOS_ENTREGA[acta.Motivo as MotivoEntrega],
      Items: acta.Items.map((item) => ({ NombreEpp: item.NombreEpp, Talla: item.Talla, Cantidad: item.Cantidad, VenceEl: item.VenceEl })),
      Entregador: { Nombre: acta.Entregador.Nombre, Rut: acta.Entregador.Rut, Firma: delivererSignature },
      FirmaTrabajador: workerSignature,
      FirmadoEn: acta.FirmadoEn,
      Sello: acta.Sello,
      UrlVerificacion: verificationUrl(context.verificationBase, acta.Sello),
      RecibidoEn: acta.RecibidoEn,
      Corrige: acta.Corrige,
      Anulada: acta.Anulada === 1 && acta.AnuladaEn ? { Por: acta.AnuladaPor ?? '', En: acta.AnuladaEn } : null,
    },
    missingFiles: images.missing(),
  };
}
