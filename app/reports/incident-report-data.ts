import { formatDisplayDate, formatDisplayInstant } from '#sync/domain/dates.ts';
import { fieldsNotStored } from '#sync/domain/incident-form.ts';
import { isClasificacion } from '#sync/domain/incident-rules.ts';
import { CRITERIOS_GRAVEDAD, type CriterioGravedad, diatClock, GRAVEDAD_LABELS } from '#sync/domain/legal-clock.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { REVIEW_STATE_LABELS, reviewState } from '#sync/domain/review-state.ts';
import { DEFAULT_RISK_MATRIX, weightingName } from '#sync/domain/risk-matrix.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { lightOnDay } from '#sync/domain/traffic-light.ts';
import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';
import { countingImages } from './report-images.ts';
import type { IncidentReportData, ReportRow } from '#sync/schemas/incidentes-informe.ts';
import type { Incidente } from '#sync/schemas/incidentes.schema.ts';
import type { MedidaControl } from '#sync/schemas/medidas-control.schema.ts';

/**
 * The investigation report's data (spec 2.4), built the same way on the device (offline, from Dexie) and on the
 * server (GET /api/accidentes/{id}, from SQLite). Pure: rows in, data out; each side reads its own rows, names and
 * files its own way.
 */
export interface IncidentReportContext {
  company: IncidentReportData['Empresa'];
  levelLabels: { 2: string; 3: string };
  /** The name of every level and catalogue entry the case points at, by id (ids are UUIDs: one map holds them all). */
  names: ReadonlyMap<string, string>;
  /** A photo or signature as a drawable image, or null when its bytes cannot be had here (counted as missing). */
  loadFile: (file: FileRef) => Promise<ReportImage | null>;
  /** YYYY-MM-DD in Chile: a measure past its deadline prints red and Vencida (SPEC OV1) before the rule ran on it. */
  today: string;
  /** Epoch ms the report is made: the DIAT clock's state. */
  now: number;
}

export interface BuiltIncidentReport {
  data: IncidentReportData;
  missingFiles: number;
}

const row = (Etiqueta: string, Valor: string): ReportRow => ({ Etiqueta, Valor });
const NOT_APPLICABLE = 'No aplica';

function diatText(incident: Incidente, now: number): string {
  const clock = diatClock({ ...incident, Clasificacion: isClasificacion(incident.Clasificacion) ? incident.Clasificacion : null }, now);
  if (!clock.applies) return NOT_APPLICABLE;
  if (clock.filed)
    return [
      `Presentada el ${formatDisplayInstant(clock.filedAt)}`,
      incident.DiatPresentadaPor && `por ${incident.DiatPresentadaPor}`,
      incident.DiatFolio && `folio ${incident.DiatFolio}`,
      incident.Mutualidad && `(${incident.Mutualidad})`,
    ]
      .filter(Boolean)
      .join(' ');
  return `Pendiente: plazo hasta el ${formatDisplayInstant(new Date(clock.deadline).toISOString())}`;
}

export async function buildIncidentReportData(
  rows: { incident: Incidente; measures: readonly MedidaControl[] },
  context: IncidentReportContext,
): Promise<BuiltIncidentReport> {
  const { incident } = rows;
  const images = countingImages(context.loadFile);
  const { image } = images;
  const name = (id: string | null) => (id ? (context.names.get(id) ?? '') : '');
  const names = (ids: readonly string[]) => ids.map((id) => context.names.get(id) ?? '').filter(Boolean);
  const clasificacion = isClasificacion(incident.Clasificacion) ? incident.Clasificacion : null;
  const notStored = clasificacion ? fieldsNotStored(clasificacion) : [];
  const criterios = incident.CriteriosGravedad.map((key) => CRITERIOS_GRAVEDAD[key as CriterioGravedad] ?? key);

  const tipoEvento = [
    row('Clasificación', incident.Clasificacion),
    row('Tipo de evento', name(incident.TipoEvento)),
    row('Gravedad', GRAVEDAD_LABELS[incident.Gravedad]),
    ...(criterios.length > 0 ? [row('Criterios de gravedad', criterios.join('; '))] : []),
    row('Fuente del evento', name(incident.FuenteEvento)),
    row('Agente del evento', name(incident.AgenteEvento)),
  ];
  const antecedentes = [
    row('Fecha de ocurrencia', formatDisplayDate(incident.FechaOcurrencia)),
    row('Hora de ocurrencia', incident.HoraOcurrencia.slice(0, 5)),
    row('Lugar', incident.Lugar),
    ...(incident.IdNivel2 ? [row(context.levelLabels[2], name(incident.IdNivel2))] : []),
    ...(incident.IdNivel3 ? [row(context.levelLabels[3], name(incident.IdNivel3))] : []),
    row('Proceso de la faena', incident.ProcesoFaena),
    row('Equipo de trabajo', incident.EquipoTrabajo),
    ...(incident.RutContratista ? [row('Empresa contratista', formatRut(incident.RutContratista))] : []),
    row('La empresa supo del accidente', formatDisplayInstant(incident.FechaConocimiento)),
    row('DIAT', diatText(incident, context.now)),
    ...(incident.MedioPrueba ? [row('Medio de prueba', incident.MedioPrueba)] : []),
    ...(incident.SuspensionFaenaEn ? [row('Suspensión de la faena', formatDisplayInstant(incident.SuspensionFaenaEn))] : []),
    ...(incident.AvisoInspeccionEn ? [row('Aviso a la Inspección del Trabajo', formatDisplayInstant(incident.AvisoInspeccionEn))] : []),
    ...(incident.AvisoSeremiEn ? [row('Aviso a la SEREMI de Salud', formatDisplayInstant(incident.AvisoSeremiEn))] : []),
  ];
  const lesionados = incident.NombreAccidentado
    ? [
        [
          row('Nombre', incident.NombreAccidentado),
          row('Rut', incident.Rut ? formatRut(incident.Rut) : ''),
          row('Cargo', incident.Cargo),
          row('Edad', incident.Edad === null ? '' : `${incident.Edad} años`),
          row('Antigüedad en el cargo', incident.AntiguedadCargo),
          row('Tipo de lesión', name(incident.TipoLesion)),
          row('Parte del cuerpo', name(incident.ParteCuerpo)),
          ...(notStored.includes('FechaAlta') ? [] : [row('Fecha de alta', formatDisplayDate(incident.FechaAlta))]),
          ...(notStored.includes('DiasPerdidos')
            ? []
            : [row('Días perdidos', incident.DiasPerdidos === null ? '' : String(incident.DiasPerdidos))]),
        ],
      ]
    : [];
  const danos = [
    row('Equipo involucrado', name(incident.Equipo)),
    row('Proceso', incident.Proceso),
    row('Monto (USD)', notStored.includes('Monto') ? NOT_APPLICABLE : incident.Monto === null ? '' : formatNumber(incident.Monto, 2)),
  ];
  const evidencias = await Promise.all(
    incident.Evidencias.map(async (evidence) => ({
      Nombre: evidence.Nombre,
      Imagen: evidence.Archivo.Tipo.startsWith('image/') ? await image(evidence.Archivo) : null,
    })),
  );
  const analisis = [
    { Titulo: 'Actos subestándares', Items: names(incident.ActosSubestandar) },
    { Titulo: 'Condiciones subestándares', Items: names(incident.CondicionSubestandar) },
    { Titulo: 'Factores', Items: names(incident.Factores) },
    { Titulo: 'Causas básicas', Items: names(incident.CausasBasicas) },
    { Titulo: 'Ítems de las causas básicas', Items: names(incident.ItemCausasBasicas) },
    { Titulo: 'Falta de control', Items: names(incident.FaltaControl) },
  ];
  const riesgo = [
    row('Riesgo específico', name(incident.IdRiesgoEspecifico)),
    row('Probabilidad', weightingName(incident.Probabilidad, DEFAULT_RISK_MATRIX.Probabilidades)),
    row('Consecuencia', weightingName(incident.Consecuencia, DEFAULT_RISK_MATRIX.Consecuencias)),
    row('Valor (probabilidad × consecuencia)', incident.ValorRiesgo === null ? '' : String(incident.ValorRiesgo)),
    row('Nivel de riesgo', incident.NivelRiesgo),
  ];
  const medidas = rows.measures
    .filter((measure) => measure.Estado === 1 && measure.IdEvaluacion === incident.IdEvaluacion)
    .map((measure) => {
      const estado = reviewState(measure, context.today);
      return {
        Medida: measure.MedidaControl,
        Responsable: measure.Responsable,
        Plazo: measure.Plazo,
        Semaforo: lightOnDay(measure, measure.Semaforo, context.today),
        Estado: estado,
        EstadoTexto: REVIEW_STATE_LABELS[estado],
      };
    });
  const investigadores = await Promise.all(
    incident.Investigadores.map(async (investigator) => ({
      Nombre: investigator.Nombre,
      Rut: investigator.Rut ? formatRut(investigator.Rut) : '',
      Cargo: investigator.Cargo,
      Imagen: await image(investigator.Firma),
      FirmadoEn: investigator.FirmadoEn,
    })),
  );
  const reporterRut = incident.RutEjecutor ? formatRut(`${incident.RutEjecutor}-${incident.DvEjecutor}`) : '';

  return {
    data: {
      Empresa: { ...context.company, Rut: formatRut(context.company.Rut) },
      Titulo: 'Informe de investigación de accidente',
      Folio: incident.IdAccidente,
      EstadoCaso: incident.Estado === 2 ? 'Cerrado' : 'Abierto',
      TipoEvento: tipoEvento,
      Antecedentes: antecedentes,
      Lesionados: lesionados,
      Danos: danos,
      Descripcion: incident.Descripcion,
      Evidencias: evidencias,
      Declaraciones: incident.Declaraciones.map((declaration) => ({
        Nombre: declaration.Nombre,
        Detalle: [declaration.Calidad, declaration.Rut ? formatRut(declaration.Rut) : '', formatDisplayInstant(declaration.Fecha)]
          .filter(Boolean)
          .join(' · '),
        Texto: declaration.Texto,
      })),
      AnalisisCausal: analisis,
      EvaluacionRiesgo: riesgo,
      Medidas: medidas,
      Investigadores: investigadores,
      Informante: {
        Nombre: incident.NombreInformador,
        Rut: reporterRut,
        Imagen: incident.FirmaInformador ? await image(incident.FirmaInformador) : null,
        Fecha: incident.CreadoEn,
      },
    },
    missingFiles: images.missing(),
  };
}
