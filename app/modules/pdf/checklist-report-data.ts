import { computeCompliance } from '#sync/domain/compliance.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { semaforoOnDay } from '#sync/domain/traffic-light.ts';
import type { ContenidoFormulario } from '#sync/schemas/formularios.schema.ts';
import type { ChecklistReportData, ReportImage, ReportObservation } from '#sync/schemas/inspecciones.schema.ts';
import type { FileRef } from '#sync/schemas/trabajadores.schema.ts';
import type { InspectionDraft, LocalFormulario, LocalInspeccion, LocalObservacion } from '#app/db/inspection-rows.ts';

/**
 * The checklist report's data from what the device holds (spec 2.4, the same shape the server answers at
 * POST /api/inspecciones/recursos-app/pdf): the finished inspection, its observations and the template version it
 * was filled with. Pure: rows in, data out; files come through `loadFile`.
 */
export interface ReportContext {
  company: ChecklistReportData['Empresa'];
  /** The company's names for levels 2 and 3 (its masks). */
  levelLabels: { 2: string; 3: string };
  /** IdNivel -> name, and IdPersona -> full name, of what the inspection points at. */
  levelNames: ReadonlyMap<string, string>;
  workerNames: ReadonlyMap<string, string>;
  /** A photo or signature as a drawable image, or null when its bytes are not on this device. */
  loadFile: (file: FileRef) => Promise<ReportImage | null>;
  /** YYYY-MM-DD in Chile: an observation past its deadline prints red (SPEC OV1) even before the next pull. */
  today: string;
}

export interface DeviceReport {
  data: ChecklistReportData;
  /** Photos and signatures the device does not hold: the server's report is more complete when it can be had. */
  missingFiles: number;
}

/**
 * The template version an inspection was filled with (SPEC IN3): the draft's copy when it is the same version,
 * else the pulled template when it still is that version; null when the device has neither (ask the server).
 */
export function templateContentFor(
  inspeccion: Pick<LocalInspeccion, 'IdFormulario' | 'VersionFormulario'>,
  draft: Pick<InspectionDraft, 'formulario'> | undefined,
  formulario: Pick<LocalFormulario, 'IdFormulario' | 'VersionFormulario' | 'Contenido'> | undefined,
): ContenidoFormulario | null {
  const matches = (template: { IdFormulario: string; VersionFormulario: number } | undefined) =>
    template?.IdFormulario === inspeccion.IdFormulario && template.VersionFormulario === inspeccion.VersionFormulario;
  if (draft && matches(draft.formulario)) return draft.formulario.Contenido;
  if (formulario && matches(formulario)) return formulario.Contenido;
  return null;
}

const OBSERVATION_STATES = { approved: 'Aprobada', answered: 'Respondida', open: 'Abierta' } as const;

export function observationStateText(observation: Pick<LocalObservacion, 'Aprobada' | 'Respondida'>): string {
  if (observation.Aprobada === 1) return OBSERVATION_STATES.approved;
  return observation.Respondida === 1 ? OBSERVATION_STATES.answered : OBSERVATION_STATES.open;
}

export async function buildChecklistReportData(
  rows: { inspeccion: LocalInspeccion; observaciones: LocalObservacion[]; content: ContenidoFormulario },
  context: ReportContext,
): Promise<DeviceReport> {
  const { inspeccion, content } = rows;
  let missingFiles = 0;
  const image = async (file: FileRef): Promise<ReportImage> => {
    const loaded = await context.loadFile(file);
    if (loaded) return loaded;
    missingFiles += 1;
    return { Sha256: file.Sha256, Tipo: file.Tipo, Url: '' };
  };

  const answers = new Map(inspeccion.Respuestas.map((answer) => [answer.IdEnunciado, answer]));
  const statementOrder = new Map<string, { number: number; text: string }>();
  let number = 0;
  const preguntas: ChecklistReportData['Preguntas'] = content.Items.map((item) => ({
    Item: item.Nombre,
    Enunciados: item.Enunciados.map((statement) => {
      number += 1;
      statementOrder.set(statement.IdEnunciado, { number, text: statement.Texto });
      const answer = answers.get(statement.IdEnunciado);
      return {
        Numero: number,
        Texto: statement.Texto,
        Respuesta: answer?.Respuesta ?? null,
        Subpreguntas: statement.Subpreguntas.map((sub) => ({ Texto: sub.Texto, Respuesta: answer?.Subrespuestas[sub.IdSubpregunta] ?? '' })),
      };
    }),
  }));

  const compliance = computeCompliance(content, inspeccion.Respuestas);
  // The stored grade is the server's own (SPEC IN4) once pulled; a row written here before that has the device's.
  const nota: ChecklistReportData['Nota'] = {
    Porcentaje: inspeccion.Porcentaje ?? compliance.Porcentaje,
    Nota: inspeccion.Nota ?? compliance.Nota,
    Cumple: compliance.Cumple,
    NoCumple: compliance.NoCumple,
    NoAplica: compliance.NoAplica,
  };

  const signers = [...inspeccion.Firmas].sort((a, b) => (a.Rol === b.Rol ? 0 : a.Rol === 'Ejecutor' ? -1 : 1));
  const firmas: ChecklistReportData['Firmas'] = [];
  for (const firma of signers) {
    firmas.push({ Rol: firma.Rol, Nombre: firma.Nombre, Rut: firma.Rut ?? '', Cargo: firma.Cargo, Imagen: await image(firma.Archivo), FirmadoEn: firma.FirmadoEn });
  }

  const active = rows.observaciones
    .filter((observation) => observation.Estado === 1 && observation.IdEvaluacion === inspeccion.IdEvaluacion)
    .sort(
      (a, b) =>
        (statementOrder.get(a.IdEnunciado ?? '')?.number ?? Infinity) - (statementOrder.get(b.IdEnunciado ?? '')?.number ?? Infinity) ||
        a.CreadoEn.localeCompare(b.CreadoEn),
    );
  const toReport = async (observation: LocalObservacion): Promise<ReportObservation> => {
    const fotos: ReportImage[] = [];
    for (const file of observation.Archivos.filter((archivo) => archivo.Tipo.startsWith('image/'))) fotos.push(await image(file));
    return {
      Enunciado: observation.Enunciado ?? statementOrder.get(observation.IdEnunciado ?? '')?.text ?? null,
      Observacion: observation.Observacion,
      Responsable: observation.Responsable,
      Plazo: observation.Plazo,
      SemaforoObs: semaforoOnDay(observation, context.today),
      Severidad: observation.Severidad,
      EstadoTexto: observationStateText(observation),
      Fotos: fotos,
    };
  };
  const ofType = async (tipo: LocalObservacion['TipoObs']) => {
    const list: ReportObservation[] = [];
    for (const observation of active.filter((o) => o.TipoObs === tipo)) list.push(await toReport(observation));
    return list;
  };

  return {
    data: {
      Empresa: context.company,
      Titulo: inspeccion.NombreFormulario,
      Encabezado: { Columnas: content.ColumnasEncabezado, Filas: headerRows(inspeccion, content, context) },
      Preguntas: preguntas,
      Nota: nota,
      Firmas: firmas,
      Observaciones: await ofType('Checklist'),
      ObservacionesG: await ofType('General'),
      ObservacionesB: await ofType('Brechas'),
    },
    missingFiles,
  };
}

/** The inspection's own fields, then the template's header fields in their order (as the server's report data). */
function headerRows(inspeccion: LocalInspeccion, content: ContenidoFormulario, context: ReportContext): ChecklistReportData['Encabezado']['Filas'] {
  const rows: ChecklistReportData['Encabezado']['Filas'] = [
    { Etiqueta: 'Fecha', Valor: formatDisplayDate(inspeccion.Fecha) },
    { Etiqueta: 'Lugar', Valor: inspeccion.Lugar },
  ];
  if (inspeccion.IdNivel2) rows.push({ Etiqueta: context.levelLabels[2], Valor: context.levelNames.get(inspeccion.IdNivel2) ?? '' });
  if (inspeccion.IdNivel3) rows.push({ Etiqueta: context.levelLabels[3], Valor: context.levelNames.get(inspeccion.IdNivel3) ?? '' });
  rows.push({ Etiqueta: 'Supervisor', Valor: inspeccion.Supervisor });
  if (inspeccion.Observados.length > 0) {
    rows.push({ Etiqueta: 'Trabajadores observados', Valor: inspeccion.Observados.map((id) => context.workerNames.get(id) ?? '').filter(Boolean).join(', ') });
  }
  if (inspeccion.EquipoTrabajo) rows.push({ Etiqueta: 'Equipo de trabajo', Valor: inspeccion.EquipoTrabajo });
  if (inspeccion.RutContratista) rows.push({ Etiqueta: 'Contratista', Valor: formatRut(inspeccion.RutContratista) });
  if (inspeccion.IdCliente) rows.push({ Etiqueta: 'Cliente', Valor: inspeccion.IdCliente });
  for (const campo of content.CamposEncabezado) {
    const value = inspeccion.Encabezado[campo.IdCampo] ?? '';
    rows.push({ Etiqueta: campo.Etiqueta, Valor: campo.Tipo === 'fecha' ? formatDisplayDate(value) : value });
  }
  return rows;
}
