import { computeCompliance } from '#sync/domain/compliance.ts';
import { countingImages } from './report-images.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { REVIEW_STATE_LABELS, reviewState } from '#sync/domain/review-state.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { semaforoOnDay } from '#sync/domain/traffic-light.ts';
import type { ContenidoFormulario, Formulario } from '#sync/schemas/formularios.schema.ts';
import type { ChecklistReportData, Inspeccion, ReportObservation } from '#sync/schemas/inspecciones.schema.ts';
import type { ReportImage, FileRef } from '#sync/records/record-fields.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import { personName } from '#sync/domain/person-name.ts';

/**
 * The checklist report's data (spec 2.4), built the same way on the device (offline, from Dexie) and on the server
 * (POST /api/inspecciones/recursos-app/pdf, from SQLite): the finished inspection, its observations and the template
 * version it was filled with. Pure: rows in, data out; each side reads its own rows and loads files its own way.
 */
export interface ReportContext {
  /** The company block; its RUT is printed formatted whatever form it comes in. */
  company: ChecklistReportData['Empresa'];
  /** The company's names for levels 2 and 3 (its masks). */
  levelLabels: { 2: string; 3: string };
  /** IdNivel -> name, and IdPersona -> how an observed worker is printed (`observedWorkerLabel`), of what the inspection points at. */
  levelNames: ReadonlyMap<string, string>;
  workerNames: ReadonlyMap<string, string>;
  /** A photo or signature as a drawable image, or null when its bytes cannot be had here (counted as missing). */
  loadFile: (file: FileRef) => Promise<ReportImage | null>;
  /** YYYY-MM-DD in Chile: an observation past its deadline prints red and Vencida (SPEC OV1, OV5) even before the rule ran on it. */
  today: string;
}

/**
 * An observed worker as the report prints them: full name and formatted RUT ("María Muñoz Silva (11.373.541-5)"),
 * so the paper identifies the person (an inspector reads it beside the worker's other records). Both sides use it.
 */
export function observedWorkerLabel(worker: {
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  RunPersona: string;
}): string {
  const name = personName(worker);
  return worker.RunPersona ? `${name} (${formatRut(worker.RunPersona)})` : name;
}

export interface BuiltChecklistReport {
  data: ChecklistReportData;
  /** Photos and signatures `loadFile` could not give: they print as "no disponible". */
  missingFiles: number;
}

/** What a template version must tell to find an inspection's statements. */
export type TemplateVersion = Pick<Formulario, 'IdFormulario' | 'VersionFormulario' | 'Contenido'>;

/**
 * The template version an inspection was filled with (SPEC IN3): the draft's copy when it is the same version,
 * else the pulled template when it still is that version; null when neither is (ask the server).
 */
export function templateContentFor(
  inspeccion: Pick<Inspeccion, 'IdFormulario' | 'VersionFormulario'>,
  draft: { formulario: TemplateVersion } | undefined,
  formulario: TemplateVersion | undefined,
): ContenidoFormulario | null {
  const matches = (template: TemplateVersion | undefined) =>
    template?.IdFormulario === inspeccion.IdFormulario && template.VersionFormulario === inspeccion.VersionFormulario;
  if (draft && matches(draft.formulario)) return draft.formulario.Contenido;
  if (formulario && matches(formulario)) return formulario.Contenido;
  return null;
}

export async function buildChecklistReportData(
  rows: { inspeccion: Inspeccion; observaciones: readonly Observacion[]; content: ContenidoFormulario },
  context: ReportContext,
): Promise<BuiltChecklistReport> {
  const { inspeccion, content } = rows;
  const images = countingImages(context.loadFile);
  const { image } = images;

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
        Subpreguntas: statement.Subpreguntas.map((sub) => ({
          Texto: sub.Texto,
          Respuesta: answer?.Subrespuestas[sub.IdSubpregunta] ?? '',
        })),
      };
    }),
  }));

  const compliance = computeCompliance(content, inspeccion.Respuestas);
  // The stored grade is the server's own (SPEC IN4); a row the device wrote before its next pull has none yet.
  const nota: ChecklistReportData['Nota'] = {
    Porcentaje: inspeccion.Porcentaje ?? compliance.Porcentaje,
    Nota: inspeccion.Nota ?? compliance.Nota,
    Cumple: compliance.Cumple,
    NoCumple: compliance.NoCumple,
    NoAplica: compliance.NoAplica,
  };

  const signers = [...inspeccion.Firmas].sort((a, b) => (a.Rol === b.Rol ? 0 : a.Rol === 'Ejecutor' ? -1 : 1));
  const firmas: ChecklistReportData['Firmas'] = await Promise.all(
    signers.map(async (firma) => ({
      Rol: firma.Rol,
      Nombre: firma.Nombre,
      Rut: firma.Rut ? formatRut(firma.Rut) : '',
      Cargo: firma.Cargo,
      Imagen: await image(firma.Archivo),
      FirmadoEn: firma.FirmadoEn,
    })),
  );

  // In statement order, then as they were written (a stable sort keeps the caller's order among equals).
  const active = rows.observaciones
    .filter((observation) => observation.Estado === 1 && observation.IdEvaluacion === inspeccion.IdEvaluacion)
    .sort(
      (a, b) =>
        (statementOrder.get(a.IdEnunciado ?? '')?.number ?? Infinity) - (statementOrder.get(b.IdEnunciado ?? '')?.number ?? Infinity) ||
        a.CreadoEn.localeCompare(b.CreadoEn),
    );
  const toReport = async (observation: Observacion): Promise<ReportObservation> => {
    const estado = reviewState(observation, context.today);
    return {
      Enunciado: observation.Enunciado ?? statementOrder.get(observation.IdEnunciado ?? '')?.text ?? null,
      Observacion: observation.Observacion,
      Responsable: observation.Responsable,
      Plazo: observation.Plazo,
      SemaforoObs: semaforoOnDay(observation, context.today),
      Severidad: observation.Severidad,
      Estado: estado,
      EstadoTexto: REVIEW_STATE_LABELS[estado],
      // A PDF attachment cannot be drawn in the report: only images are its photos.
      Fotos: await Promise.all(observation.Archivos.filter((file) => file.Tipo.startsWith('image/')).map(image)),
    };
  };
  const ofType = (tipo: Observacion['TipoObs']) => Promise.all(active.filter((observation) => observation.TipoObs === tipo).map(toReport));

  return {
    data: {
      Empresa: { ...context.company, Rut: formatRut(context.company.Rut) },
      Titulo: inspeccion.NombreFormulario,
      Encabezado: { Columnas: content.ColumnasEncabezado, Filas: headerRows(inspeccion, content, context) },
      Preguntas: preguntas,
      Nota: nota,
      Firmas: firmas,
      Observaciones: await ofType('Checklist'),
      ObservacionesG: await ofType('General'),
      ObservacionesB: await ofType('Brechas'),
    },
    missingFiles: images.missing(),
  };
}

/** The inspection's own fields, then the template's header fields in their order (dates as DD/MM/YYYY). */
function headerRows(
  inspeccion: Inspeccion,
  content: ContenidoFormulario,
  context: ReportContext,
): ChecklistReportData['Encabezado']['Filas'] {
  const rows: ChecklistReportData['Encabezado']['Filas'] = [
    { Etiqueta: 'Fecha', Valor: formatDisplayDate(inspeccion.Fecha) },
    { Etiqueta: 'Lugar', Valor: inspeccion.Lugar },
  ];
  if (inspeccion.IdNivel2) rows.push({ Etiqueta: context.levelLabels[2], Valor: context.levelNames.get(inspeccion.IdNivel2) ?? '' });
  if (inspeccion.IdNivel3) rows.push({ Etiqueta: context.levelLabels[3], Valor: context.levelNames.get(inspeccion.IdNivel3) ?? '' });
  rows.push({ Etiqueta: 'Supervisor', Valor: inspeccion.Supervisor });
  if (inspeccion.Observados.length > 0) {
    rows.push({
      Etiqueta: 'Trabajadores observados',
      Valor: inspeccion.Observados.map((id) => context.workerNames.get(id) ?? '')
        .filter(Boolean)
        .join(', '),
    });
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
