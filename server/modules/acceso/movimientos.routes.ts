import { ACCESO_MESSAGES, type Movimiento, movimientoEntity } from '#sync/schemas/acceso.schema.ts';
import { HttpError } from '#server/http/http-error.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { personByRut } from './gate-records.ts';

/** The contractor of a vehicle or machine, read from the fleet's tables (the gate does not import the fleet). */
async function assetContractor(ctx: Parameters<NonNullable<RecordRules<Movimiento>['created']>>[0], movement: Movimiento): Promise<string> {
  const table = movement.Sujeto === 'vehiculo' ? 'vehiculos' : 'equipos';
  const asset = movement.IdActivo ? await ctx.records[table].load(ctx.db, ctx.company, movement.IdActivo) : undefined;
  return asset?.row.RutContratista ?? '';
}

/**
 * SPEC GA-ENT2: a movement is what happened at the gate, decided on the tablet (offline too): the server keeps it as
 * sent, with its own clock (`FechaServidor`), the guard, and the contractor of the person or asset, so it reaches that
 * contractor too. It names a person by a valid RUT, or a vehicle or machine by its id.
 */
export const movimientoRules: RecordRules<Movimiento> = {
  visible: canSeeContractorRows,
  async created(ctx, body, db) {
    const sent = body as Movimiento;
    const person = sent.Sujeto === 'persona';
    if (person ? sent.Rut === '' : !sent.IdActivo) throw new HttpError(400, ACCESO_MESSAGES.subjectMissing, 'VALIDACION');
    const RutContratista = person
      ? ((await personByRut(db, ctx.company, sent.Rut))?.RutContratista ?? '')
      : await assetContractor({ ...ctx, db }, sent);
    return {
      ...sent,
      IdActivo: person ? null : sent.IdActivo,
      FechaDispositivo: new Date(sent.FechaDispositivo).toISOString(),
      FechaServidor: ctx.now.toISOString(),
      RutContratista: RutContratista ?? '',
      IdUsuario: ctx.user,
      NombreUsuario: ctx.userName,
      IdEmpresa: ctx.company,
      Estado: 1,
      Version: 1,
    };
  },
};

export const movimientosRoutes = recordRoutes(movimientoEntity, { rules: movimientoRules });
