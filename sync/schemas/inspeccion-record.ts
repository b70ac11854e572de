import { computeCompliance } from '../domain/compliance.ts';
import { cleanRut } from '../domain/rut.ts';
import { semaforoOnDay } from '../domain/traffic-light.ts';
import { type ContenidoFormulario, type FormularioTipo, statementsOf } from './formularios.schema.ts';
import type { Inspeccion, InspeccionCreateBody } from './inspecciones.schema.ts';
import type { Observacion } from './observaciones.schema.ts';

/** What the records hold beyond what the supervisor sent: the template version it was filled on, who and when. */
export interface InspectionContext {
  IdEmpresa: string;
  template: { Nombre: string; Tipo: FormularioTipo; Contenido: ContenidoFormulario };
  /** Who finished it: its supervisor, and the emitter of its observations. */
  IdSupervisor: number;
  Emisor: string;
  /** When the observations were created (the server's receipt; on the device, when it was finished). */
  CreadoEn: string;
  /**
   * The server's day (America/Santiago): a deadline already past makes an observation red from the start (SPEC OV1).
   * The device leaves it out and keeps the light the supervisor chose; its lists show a past deadline red anyway.
   */
  today?: string;
}

/** An inspection and its observations as records (SPEC IN2). */
export interface InspectionRecord {
  inspeccion: Inspeccion;
  observaciones: Observacion[];
}

const contractorRut = (value: string | null) => cleanRut(value ?? '') || null;

/**
 * The records of a finished inspection that passed its template's rules (sync/domain/inspection-rules.ts), built once:
 * the device shows them the moment it is finished and the server stores them. Only the template's header fields,
 * trimmed; one answer per statement in the template's order; each observation with its statement's text; the grade
 * from the template (SPEC IN4); each observed worker once.
 */
export function inspectionRecord(body: InspeccionCreateBody, context: InspectionContext): InspectionRecord {
  const content = context.template.Contenido;
  const statements = statementsOf(content);
  const encabezado = Object.fromEntries(
    content.CamposEncabezado.map((campo) => [campo.IdCampo, (body.Encabezado[campo.IdCampo] ?? '').trim()] as const).filter(([, value]) => value),
  );
  // The rules passed: each statement has exactly one answer.
  const respuestas = statements.map((statement) => body.Respuestas.find((answer) => answer.IdEnunciado === statement.IdEnunciado)!);
  const texts = new Map(statements.map((statement) => [statement.IdEnunciado, statement.Texto]));
  const compliance = computeCompliance(content, respuestas);
  const RutContratista = contractorRut(body.RutContratista);
  const IdCliente = body.IdCliente?.trim() || null;
  const place = { Fecha: body.Fecha, IdNivel2: body.IdNivel2, IdNivel3: body.IdNivel3, RutContratista, IdCliente };
  const inspeccion: Inspeccion = {
    IdEvaluacion: body.IdEvaluacion,
    IdEmpresa: context.IdEmpresa,
    Estado: 1,
    Version: 1,
    IdFormulario: body.IdFormulario,
    VersionFormulario: body.VersionFormulario,
    NombreFormulario: context.template.Nombre,
    Tipo: context.template.Tipo,
    ...place,
    Lugar: body.Lugar,
    IdSupervisor: context.IdSupervisor,
    Supervisor: body.Supervisor,
    Observados: [...new Set(body.Observados)],
    EquipoTrabajo: body.EquipoTrabajo,
    Encabezado: encabezado,
    Respuestas: respuestas,
    Firmas: body.Firmas,
    Porcentaje: compliance.Porcentaje,
    Nota: compliance.Nota,
    IniciadaEn: body.IniciadaEn,
    FinalizadaEn: body.FinalizadaEn,
  };
  const observaciones = body.Observaciones.map((observation): Observacion => {
    const checklist = observation.TipoObs === 'Checklist';
    return {
      IdObservacion: observation.IdObservacion,
      IdEvaluacion: body.IdEvaluacion,
      IdEmpresa: context.IdEmpresa,
      IdFormulario: body.IdFormulario,
      TipoObs: observation.TipoObs,
      IdEnunciado: checklist ? observation.IdEnunciado : null,
      Enunciado: checklist ? (texts.get(observation.IdEnunciado!) ?? null) : null,
      Observacion: observation.Observacion,
      Responsable: observation.Responsable,
      IdResponsable: observation.IdResponsable,
      Plazo: observation.Plazo,
      SemaforoObs: context.today
        ? semaforoOnDay({ Estado: 1, Aprobada: 0, Plazo: observation.Plazo, SemaforoObs: observation.SemaforoObs }, context.today)
        : observation.SemaforoObs,
      Severidad: observation.Severidad,
      Respondida: 0,
      Aprobada: 0,
      Estado: 1,
      EmisorObs: context.Emisor,
      Archivos: observation.Archivos,
      Respuestas: [],
      ...place,
      CreadoEn: context.CreadoEn,
      Version: 1,
    };
  });
  return { inspeccion, observaciones };
}
