import { toWireDate } from '#sync/domain/dates.ts';
import { derivedIncidentFields, reportProblems } from '#sync/domain/incident-rules.ts';
import { cleanRut } from '#sync/domain/rut.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { INCIDENTES_MESSAGES, type Incidente } from '#sync/schemas/incidentes.schema.ts';
import type { MedidaNueva } from '#sync/schemas/medidas-control.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { canSeeParties, type Viewer } from '#server/tenancy/viewer.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/** Cases are the company's investigation: contractor and client users read theirs, and only company users write. */
export function companyOnly(viewer: Viewer): void {
  if (viewer.kind !== 'empresa') throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
}

/**
 * What the server computes from what was written (SPEC IC2): it never trusts a device's copy of these. A worker of
 * a contractor makes the case that contractor's (SPEC IC6): the roster decides (`workerContractor`), not what was
 * typed; without a worker from the roster, the contractor typed stays.
 */
function derived(row: Incidente, workerContractor: string | null | undefined): Incidente {
  const rut = cleanRut(workerContractor === undefined ? (row.RutContratista ?? '') : (workerContractor ?? ''));
  return { ...row, RutContratista: rut === '' ? null : rut, ...derivedIncidentFields(row) };
}

/** The contractor of the roster's worker the case names: undefined when it names none (or one no longer there). */
export async function workerContractorOf(
  ctx: WriteContext,
  db: Db,
  idPersona: string | null | undefined,
): Promise<string | null | undefined> {
  if (!idPersona) return undefined;
  const worker = (await ctx.records.trabajadores.load(db, ctx.company, idPersona))?.row;
  return worker ? worker.RutContratista : undefined;
}

/**
 * The case's rules on the kit's writes. `measures` are the new control measures of the same write: their deadlines
 * are checked against the case's date with the rest (SPEC IC2).
 */
export function incidentRules(measures: readonly MedidaNueva[], workerContractor: string | null | undefined): RecordRules<Incidente> {
  return {
    visible: canSeeParties,
    // Evidence, statements and investigators are appended by their ids (SPEC CF5), never replaced as a list.
    children: [
      { field: 'Evidencias', idOf: (child: { IdEvidencia: string }) => child.IdEvidencia },
      { field: 'Declaraciones', idOf: (child: { IdDeclaracion: string }) => child.IdDeclaracion },
      { field: 'Investigadores', idOf: (child: { IdInvestigador: string }) => child.IdInvestigador },
    ] as never,
    created: (ctx, body) => {
      const { MedidasControl: _measures, ...fields } = body as Record<string, unknown>;
      const now = ctx.now;
      return derived(
        {
          ...(fields as unknown as Incidente),
          IdEmpresa: ctx.company,
          Estado: 1,
          Version: 1,
          IdCliente: null,
          FechaEvaluacion: toWireDate(now),
          IdUsuario: ctx.user,
          CreadoEn: now.toISOString(),
          CerradoEn: null,
        },
        workerContractor,
      );
    },
    received: (_ctx, body) => {
      const { MedidasControl: _measures, ...fields } = body;
      return fields;
    },
    merged: (_ctx, merged) => derived(merged, workerContractor),
    async check(ctx, db, row, current) {
      if (current?.Estado === 2) throw new HttpError(409, INCIDENTES_MESSAGES.alreadyClosed, 'INCIDENTE_CERRADO');
      const problems = reportProblems({ ...row, MedidasControl: measures }, toWireDate(ctx.now));
      if (problems[0]) throw invalid(problems[0].message);
      const level3 = row.IdNivel3 ? (await ctx.records.niveles.load(db, ctx.company, row.IdNivel3))?.row : undefined;
      if (level3 && row.IdNivel2 && level3.IdNivelPadre !== row.IdNivel2) throw invalid(INCIDENTES_MESSAGES.levelInvalid);
    },
  };
}
