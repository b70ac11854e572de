import * as v from 'valibot';
import { rollingTwelve } from '#sync/domain/accident-rates.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import { CLASIFICACION_FATAL, CLASIFICACION_TRAYECTO, type Clasificacion, involvesInjury } from '#sync/domain/incident-form.ts';
import { incidentFolio } from '#sync/domain/incident-rules.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { IncidenteCreateBodySchema } from '#sync/schemas/incidentes.schema.ts';
import { RECORD_STORES } from '../app-modules.ts';
import { findUser } from '../tenancy/users.repo.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { createIncident } from '../modules/incidentes/incidentes.service.ts';
import type { WriteContext } from '../records/write-answer.ts';
import { contractorAudience, recordChange } from '../sync/change-log.repo.ts';
import { viewerOfUser } from '../tenancy/viewer.ts';
import { catalogueId, DAY, type DemoIncidentUsers, HOUR } from './demo-incidentes.ts';
import { demoSignaturePng } from './demo-images.ts';
import { seedId } from './seed-id.ts';
import { personName } from '#sync/domain/person-name.ts';

/**
 * A year of headcount and hours of the demo company: the twelve months that end with the current one, for each of
 * its level 3 (own staff) and, at Obras Civiles, the demo contractor's crew. Each row with its change-log row, once:
 * nothing when the first row exists (a month later, the new month is the office's to enter).
 */
export async function seedHeadcountDemo(db: Db, company: string, contractorRut: string, now: Date): Promise<boolean> {
  const rowId = (month: number, slot: number) => seedId(company, 'dotacion', month, slot);
  if (await RECORD_STORES.dotaciones.companyOf(db, rowId(0, 0))) return false;
  const current = toWireDate(now).slice(0, 7);
  const months = rollingTwelve(current);
  const slots = [
    { IdNivel2: seedId(company, 'nv2', 1), IdNivel3: seedId(company, 'nv3', 1), RutContratista: '', base: 42 },
    { IdNivel2: seedId(company, 'nv2', 1), IdNivel3: seedId(company, 'nv3', 2), RutContratista: '', base: 18 },
    { IdNivel2: seedId(company, 'nv2', 2), IdNivel3: seedId(company, 'nv3', 3), RutContratista: '', base: 25 },
    { IdNivel2: seedId(company, 'nv2', 1), IdNivel3: seedId(company, 'nv3', 1), RutContratista: contractorRut, base: 12 },
  ];
  await db.transaction().execute(async (trx) => {
    for (const [m, Mes] of months.entries()) {
      for (const [s, slot] of slots.entries()) {
        // The crews grow towards the middle of the year and shrink again; about 180 hours a worker a month.
        const Dotacion = slot.base + ((m * 7 + s * 3) % 5) - 2;
        const row = {
          IdDotacion: rowId(m, s),
          IdEmpresa: company,
          Estado: 1 as const,
          Version: 1,
          Mes,
          IdNivel2: slot.IdNivel2,
          IdNivel3: slot.IdNivel3,
          RutContratista: slot.RutContratista,
          Dotacion,
          HorasHombre: Dotacion * (176 + ((m + s) % 3) * 4),
        };
        await RECORD_STORES.dotaciones.insert!(trx, row, '{}');
        await recordChange(
          trx,
          {
            company,
            table: 'dotaciones',
            id: row.IdDotacion,
            op: 'upsert',
            row,
            audience: contractorAudience(slot.RutContratista || null),
          },
          now,
        );
      }
    }
  });
  return true;
}

/**
 * Cases of every classification spread across the year before the four recent ones, so the dashboard's rates and
 * charts have a year to show: lost-time accidents with their discharge (one of a contractor's worker), a fatal one,
 * trayecto, sin tiempo perdido, near misses and material damage. Written through the module's service, once.
 */
export async function seedIncidentYearDemo(
  db: Db,
  company: string,
  users: DemoIncidentUsers,
  now: Date,
  files: FileStore,
): Promise<boolean> {
  const caseId = (n: number) => seedId(company, 'incidente-anio', n);
  if (await RECORD_STORES.incidentes.companyOf(db, caseId(1))) return false;
  const cat = (table: AccidentCatalogueTable, info: string) => catalogueId(company, table, info);
  await db.transaction().execute(async (trx) => {
    const user = (await findUser(trx, company, users.supervisor))!;
    const ctx = (at: Date): WriteContext => ({
      db: trx,
      company,
      user: users.supervisor,
      userName: personName(user),
      viewer: viewerOfUser(user),
      key: undefined,
      now: at,
      records: RECORD_STORES,
    });
    const signature: FileRef = { Sha256: await files.withDb(trx).put(demoSignaturePng(43), 'image/png', now, company), Tipo: 'image/png' };
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const plan: { days: number; Clasificacion: string; alta?: number; worker?: number; fields?: Record<string, unknown> }[] = [
      {
        days: 330,
        Clasificacion: 'Accidente con tiempo perdido',
        alta: 12,
        worker: 3,
        fields: {
          TipoEvento: cat('tipos_evento', 'Caída al mismo nivel'),
          IdRiesgoEspecifico: cat('riesgos_especificos', 'Superficies irregulares o resbaladizas'),
          ActosSubestandar: [cat('actos_subestandares', 'No usar el equipo de protección personal')],
          Factores: [cat('factores', 'Factores personales')],
          FaltaControl: [cat('faltas_control', 'Cumplimiento inadecuado de los estándares')],
        },
      },
      {
        days: 290,
        Clasificacion: 'Accidente de Trayecto',
        worker: 6,
        fields: {
          Lugar: 'Av. Los Libertadores con Américo Vespucio',
          FuenteEvento: cat('fuentes_evento', 'Trayecto entre la habitación y el trabajo'),
        },
      },
      { days: 250, Clasificacion: 'Accidente sin tiempo perdido', worker: 7, fields: { TipoEvento: cat('tipos_evento', 'Golpeado por') } },
      {
        days: 215,
        Clasificacion: 'Cuasi Accidente',
        fields: {
          TipoEvento: cat('tipos_evento', 'Golpeado por'),
          CondicionSubestandar: [cat('condiciones_subestandares', 'Espacio limitado para desenvolverse')],
        },
      },
      {
        days: 180,
        Clasificacion: 'Accidente con tiempo perdido',
        alta: 20,
        worker: 5,
        fields: {
          TipoEvento: cat('tipos_evento', 'Golpeado por'),
          IdRiesgoEspecifico: cat('riesgos_especificos', 'Golpeado por objeto en movimiento'),
          Factores: [cat('factores', 'Factores del trabajo')],
        },
      },
      { days: 150, Clasificacion: 'Accidente CDM', fields: { TipoEvento: cat('tipos_evento', 'Choque o colisión vehicular'), Monto: 620 } },
      {
        days: 120,
        Clasificacion: 'Accidente Fatal',
        worker: 10,
        fields: {
          TipoEvento: cat('tipos_evento', 'Caída a distinto nivel'),
          CriteriosGravedad: ['muerte'],
          IdRiesgoEspecifico: cat('riesgos_especificos', 'Caída a distinto nivel'),
          FaltaControl: [cat('faltas_control', 'Cumplimiento inadecuado de los estándares')],
        },
      },
      { days: 95, Clasificacion: 'Accidente sin tiempo perdido', worker: 11 },
      {
        days: 60,
        Clasificacion: 'Accidente con tiempo perdido',
        alta: 9,
        worker: 13,
        fields: {
          IdNivel2: seedId(company, 'nv2', 2),
          IdNivel3: seedId(company, 'nv3', 3),
          TipoEvento: cat('tipos_evento', 'Caída al mismo nivel'),
        },
      },
      { days: 40, Clasificacion: 'Accidente de Trayecto', worker: 14 },
      { days: 25, Clasificacion: 'Cuasi Accidente', fields: { IdNivel2: seedId(company, 'nv2', 2), IdNivel3: seedId(company, 'nv3', 3) } },
    ];
    for (const [index, entry] of plan.entries()) {
      const at = ago(entry.days);
      const worker = entry.worker
        ? (await RECORD_STORES.trabajadores.load(trx, company, seedId(company, 'trabajador', entry.worker)))?.row
        : undefined;
      const body = {
        IdEvaluacion: caseId(index + 1),
        IdAccidente: incidentFolio(at),
        Clasificacion: entry.Clasificacion,
        FechaOcurrencia: toWireDate(at),
        HoraOcurrencia: '11:00',
        Lugar: 'Faena Los Andes',
        IdNivel2: seedId(company, 'nv2', 1),
        IdNivel3: seedId(company, 'nv3', 1),
        TipoEvento: cat('tipos_evento', 'Caída al mismo nivel'),
        ...(worker ? { IdPersona: worker.IdPersona, NombreAccidentado: personName(worker), Rut: worker.RunPersona } : {}),
        ...(entry.alta ? { FechaAlta: toWireDate(new Date(at.getTime() + entry.alta * DAY)) } : {}),
        Descripcion: `Caso de demostración (${entry.Clasificacion.toLowerCase()}).`,
        NombreInformador: 'Jorge Araya Rojas',
        FirmaInformador: signature,
        FechaConocimiento: new Date(at.getTime() + HOUR).toISOString(),
        // A year-old case had its DIAT (and, when fatal, its notices) presented on time, as the office did then.
        ...(involvesInjury(entry.Clasificacion as Clasificacion)
          ? {
              DiatPresentadaEn: new Date(at.getTime() + 6 * HOUR).toISOString(),
              DiatPresentadaPor: 'Jorge Araya Rojas',
              DiatFolio: `DIAT-${2000 + index}`,
              Mutualidad: 'Mutual de Seguridad CChC',
            }
          : {}),
        ...(entry.Clasificacion === CLASIFICACION_TRAYECTO ? { MedioPrueba: 'Parte policial y declaración de testigos' } : {}),
        ...(entry.Clasificacion === CLASIFICACION_FATAL
          ? {
              SuspensionFaenaEn: new Date(at.getTime() + HOUR).toISOString(),
              AvisoInspeccionEn: new Date(at.getTime() + 2 * HOUR).toISOString(),
              AvisoSeremiEn: new Date(at.getTime() + 2 * HOUR).toISOString(),
            }
          : {}),
        ...entry.fields,
      };
      const outcome = await createIncident(ctx(at), v.parse(IncidenteCreateBodySchema, body));
      if (outcome.kind !== 'written') throw new Error(`el caso demo ${body.IdEvaluacion} no se pudo crear`);
    }
  });
  return true;
}
