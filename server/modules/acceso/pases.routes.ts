import { accreditedOn } from '#sync/domain/accreditation.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import { signDayPass } from '#sync/domain/day-pass.ts';
import { shiftEndOf } from '#sync/domain/on-site.ts';
import { ACCESO_MESSAGES, type PaseDia, paseDiaEntity, type PaseProvisorio, paseProvisorioEntity } from '#sync/schemas/acceso.schema.ts';
import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { HttpError } from '#server/http/http-error.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import { companyPassSigningKey } from '#server/tenancy/pass-keys.ts';
import { permit } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { gateSettings } from './gate-settings.ts';
import { accreditationsOf, personByRut, provisionalPassesOf } from './gate-records.ts';

const byUser = (ctx: { user: number; userName: string }) => ({ IdUsuario: ctx.user, NombreUsuario: ctx.userName });

/**
 * SPEC GA-PAS1: a day pass is signed only for a person accredited today at its worksite, until the last day that
 * accreditation holds; the server fills and signs it (the device sends who and where). GA-PAS2: revoking, with a
 * reason, is its only change (the body accepts Revocado 1 alone: a pass is never given back).
 */
export const paseDiaRules: RecordRules<PaseDia> = {
  visible: canSeeContractorRows,
  async created(ctx, body, db) {
    const sent = body as Pick<PaseDia, 'IdPase' | 'Rut' | 'IdNivel2'>;
    const today = toWireDate(ctx.now);
    const rows = (await accreditationsOf(db, ctx.company, sent.Rut)).filter(
      (row) => row.IdNivel2 === sent.IdNivel2 && accreditedOn(row, today) && canSeeContractorRows(ctx.viewer, row),
    );
    const holding = rows.sort((a, b) => b.AcreditadoHasta.localeCompare(a.AcreditadoHasta))[0];
    if (!holding) throw new HttpError(400, ACCESO_MESSAGES.notAccredited, 'NO_ACREDITADO');
    const Hasta = holding.AcreditadoHasta || today;
    const pass = { Id: sent.IdPase, Rut: sent.Rut, IdNivel2: sent.IdNivel2, Hasta, Emitido: ctx.now.toISOString() };
    const Token = await signDayPass(await companyPassSigningKey(db, ctx.company, ctx.now), pass);
    const person = await personByRut(db, ctx.company, sent.Rut);
    return {
      ...sent,
      Nombre: person?.Nombre ?? '',
      Hasta: pass.Hasta,
      Emitido: pass.Emitido,
      Token,
      Revocado: 0,
      MotivoRevocacion: '',
      RutContratista: holding.RutContratista,
      ...byUser(ctx),
      IdEmpresa: ctx.company,
      Estado: 1,
      Version: 1,
    } as PaseDia;
  },
};

/** The year (Chile) of a device instant: the provisional passes a person got that year are counted against the limit. */
const yearOf = (instant: string) => toWireDate(new Date(instant)).slice(0, 4);

/**
 * SPEC GA-PRV1: a provisional pass holds until the end of the shift it was given for (GA-ONS2, the company's shift ends);
 * GA-PRV2: a person gets at most the company's yearly number of them (409 LIMITE_PROVISORIOS).
 */
export const pasesProvisoriosRules: RecordRules<PaseProvisorio> = {
  visible: canSeeContractorRows,
  async created(ctx, body, db) {
    const sent = body as PaseProvisorio;
    const FechaDispositivo = new Date(sent.FechaDispositivo).toISOString();
    const settings = await gateSettings(db, ctx.records, ctx.company);
    const year = yearOf(FechaDispositivo);
    const given = (await provisionalPassesOf(db, ctx.company, sent.Rut)).filter(
      (row) => row.IdPase !== sent.IdPase && yearOf(row.FechaDispositivo) === year,
    );
    if (given.length >= settings.MaxProvisoriosAnio)
      throw new HttpError(409, ACCESO_MESSAGES.yearlyLimit(settings.MaxProvisoriosAnio), 'LIMITE_PROVISORIOS');
    const person = await personByRut(db, ctx.company, sent.Rut);
    return {
      ...sent,
      Nombre: sent.Nombre || person?.Nombre || '',
      FechaDispositivo,
      Hasta: shiftEndOf(FechaDispositivo, settings.FinesTurno),
      RutContratista: person?.RutContratista ?? '',
      ...byUser(ctx),
      IdEmpresa: ctx.company,
      Estado: 1,
      Version: 1,
    };
  },
};

/** A guard gives a provisional pass only with the approve permission on the gate, beside the kit's create. */
const approveFirst = new Hono<AppEnv>().post(
  paseProvisorioEntity.api.create!,
  requireSession,
  permit('/control-acceso', 'aprobar'),
  async (_c, next) => next(),
);

export const pasesDiaRoutes = recordRoutes(paseDiaEntity, { rules: paseDiaRules });
export const pasesProvisoriosRoutes = new Hono<AppEnv>()
  .route('/', approveFirst)
  .route('/', recordRoutes(paseProvisorioEntity, { rules: pasesProvisoriosRules }));
