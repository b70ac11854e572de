import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { VALIDITY_STATES } from '../domain/validity.ts';
import { ReportPageEntries, reportListAnswer } from './report-list.schema.ts';

const TRAINING_STATES = [...VALIDITY_STATES, 'reprobada'] as const;

export const INFORMES_MESSAGES = {
  monthInvalid: 'El mes debe tener el formato AAAA-MM',
  rangeReversed: 'Fecha inicial no puede ser mayor que Fecha final',
  filterInvalid: 'Los filtros del informe no son válidos',
} as const;

const Month = v.optional(
  v.pipe(
    v.string(INFORMES_MESSAGES.monthInvalid),
    v.trim(),
    v.check((value) => value === '' || /^\d{4}-(0[1-9]|1[0-2])$/.test(value), INFORMES_MESSAGES.monthInvalid),
  ),
  '',
);
const Id = v.optional(
  v.pipe(
    v.string(INFORMES_MESSAGES.filterInvalid),
    v.trim(),
    v.toLowerCase(),
    v.check((value) => value === '' || /^[0-9a-f-]{36}$/.test(value), INFORMES_MESSAGES.filterInvalid),
  ),
  '',
);
const Day = v.optional(
  v.pipe(
    v.string(INFORMES_MESSAGES.filterInvalid),
    v.trim(),
    v.check((value) => value === '' || isWireDate(value), INFORMES_MESSAGES.filterInvalid),
  ),
  '',
);
const Texts = (max: number) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(INFORMES_MESSAGES.filterInvalid), v.trim(), v.maxLength(max)), INFORMES_MESSAGES.filterInvalid),
      v.maxLength(200, INFORMES_MESSAGES.filterInvalid),
    ),
    [],
  );

/**
 * POST /informes/informe/{emp} (spec): attendance of realised sessions by training type, a range of months
 * (start and end, YYYY-MM, both included), level 2 and 3 of the worker, trainings (by their titles) and workers
 * (by RunPersona). Paged; the export asks every page.
 */
export const InformeBodySchema = v.pipe(
  v.object({
    type: Id,
    start: Month,
    end: Month,
    idNv2: Id,
    idNv3: Id,
    capacitaciones: Texts(200),
    trabajadores: Texts(12),
    /** Only the attendance of one session (a dashboard drill-down). */
    IdCapacitacion: Id,
    /** Only this state on the report's day (a dashboard drill-down of estadoVigencias). */
    estado: v.optional(v.picklist(['', 'vigente', 'por-vencer', 'vencida', 'reprobada'], INFORMES_MESSAGES.filterInvalid), ''),
    /** Only one position of the worker (a drill-down of HHCargo). */
    IdCargo: Id,
    /** Days instead of months, YYYY-MM-DD (a dashboard drill-down keeps its range). */
    desde: Day,
    hasta: Day,
    /** A company user may narrow to one contractor or client; theirs users always see only their own. */
    RutContratista: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(12)), ''),
    RutCliente: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''),
    ...ReportPageEntries,
  }),
  v.check((body) => !body.start || !body.end || body.start <= body.end, INFORMES_MESSAGES.rangeReversed),
);
export type InformeBody = v.InferOutput<typeof InformeBodySchema>;

/** A line of the trainings report: one person's attendance of one realised session. */
export const InformeFilaSchema = v.object({
  Id: v.string(),
  IdCapacitacion: v.string(),
  Tema: v.string(),
  TipoCapacitacion: v.string(),
  Categoria: v.string(),
  FechaRealizacion: v.string(),
  Lugar: v.string(),
  DuracionHoras: v.number(),
  IdPersona: v.string(),
  RunPersona: v.string(),
  Nombre: v.string(),
  Cargo: v.string(),
  Nivel2: v.string(),
  Nivel3: v.string(),
  RutContratista: v.nullable(v.string()),
  Asistio: v.picklist([0, 1]),
  Nota: v.nullable(v.number()),
  Evaluada: v.picklist([0, 1]),
  FechaVencimiento: v.nullable(v.string()),
  Estado: v.picklist(TRAINING_STATES),
});
export type InformeFila = v.InferOutput<typeof InformeFilaSchema>;

/** POST /informes/informe/{company}: a page of the report. */
export const InformeAnswerSchema = reportListAnswer(InformeFilaSchema);
