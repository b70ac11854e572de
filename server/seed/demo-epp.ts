import { actaSeal, CURRENT_ACTA_SEAL_VERSION } from '#sync/domain/epp-delivery.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { eppAsignacionEntity } from '#sync/schemas/epp-asignaciones.schema.ts';
import type { EppEntregaCreateBody } from '#sync/schemas/epp-entregas.schema.ts';
import { type EppTipo, eppTipoEntity } from '#sync/schemas/epp-tipos.schema.ts';
import { RECORD_STORES } from '../app-modules.ts';
import { findUser } from '../tenancy/users.repo.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { annulDelivery, createDelivery } from '../modules/epp/epp-entregas.service.ts';
import type { WriteContext } from '../records/write-answer.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { viewerOfUser } from '../tenancy/viewer.ts';
import { demoSignaturePng } from './demo-images.ts';
import { seedEppRequests } from './demo-epp-solicitudes.ts';
import { seedId } from './seed-id.ts';
import { personName } from '#sync/domain/person-name.ts';
import { BY_POSITION, CATALOGUE, type DemoDelivery } from './demo-epp-catalogue.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Past deliveries over a year and a half: some items long expired (gloves last a month, glasses six), one acta
 * annulled and corrected, inductions of new workers, and a crew that received its equipment on the same day. For the
 * consultas: worker 1 holds expired items and was never given the harness their own assignment adds; worker 8 holds
 * a padlock delivered 600 days ago that never expires.
 */
const DELIVERIES: DemoDelivery[] = [
  {
    n: 1,
    worker: 1,
    daysAgo: 520,
    motivo: 1,
    items: [
      ['casco', '', 1],
      ['lentes', '', 1],
      ['zapatos', '42', 1],
      ['chaleco', 'L', 1],
    ],
  },
  {
    n: 2,
    worker: 2,
    daysAgo: 430,
    motivo: 1,
    items: [
      ['casco', '', 1],
      ['lentes', '', 1],
      ['guantes', 'L', 2],
      ['zapatos', '41', 1],
      ['auditivo', '', 1],
    ],
  },
  {
    n: 3,
    worker: 1,
    daysAgo: 200,
    motivo: 3,
    items: [
      ['lentes', '', 1],
      ['legionario', '', 1],
    ],
  },
  {
    n: 4,
    worker: 4,
    daysAgo: 95,
    motivo: 4,
    items: [
      ['casco', '', 1],
      ['dielectricos', '10', 1],
      ['zapatos', '43', 1],
    ],
  },
  {
    n: 5,
    worker: 6,
    daysAgo: 40,
    motivo: 1,
    items: [
      ['casco', '', 1],
      ['lentes', '', 1],
      ['guantes', 'M', 2],
      ['zapatos', '40', 1],
      ['respirador', 'M', 1],
    ],
  },
  {
    n: 6,
    worker: 2,
    daysAgo: 20,
    motivo: 2,
    items: [
      ['guantes', 'L', 2],
      ['auditivo', '', 1],
    ],
  },
  {
    n: 7,
    worker: 3,
    daysAgo: 6,
    motivo: 1,
    items: [
      ['casco', '', 1],
      ['zapatos', '44', 1],
      ['chaleco', 'XL', 1],
      ['auditivo', '', 1],
    ],
  },
  {
    n: 8,
    worker: 5,
    daysAgo: 6,
    motivo: 1,
    items: [
      ['casco', '', 1],
      ['lentes', '', 1],
      ['chaleco', 'M', 1],
      ['zapatos', '39', 1],
    ],
  },
  { n: 9, worker: 7, daysAgo: 2, motivo: 5, items: [['zapatos', '42', 1]] },
  // Long ago, an item that never expires (useful life 0): never in vencidos.
  { n: 11, worker: 8, daysAgo: 600, motivo: 1, items: [['candado', '', 1]] },
];

/** The annulled acta (a wrong size was written) and the correction that names it. */
const ANNULLED = 6;
const CORRECTION: DemoDelivery = {
  n: 10,
  worker: 2,
  daysAgo: 19,
  motivo: 2,
  items: [
    ['guantes', 'XL', 2],
    ['auditivo', '', 1],
  ],
};

export interface DemoEppUsers {
  admin: number;
  supervisor: number;
}

/**
 * The EPP catalogue, the assignments of the demo positions and past sealed deliveries of `company`, written through
 * the module's own service (the same seal, checks and change-log rows as a device's actas) in one transaction.
 * Runs once: nothing when the first demo EPP exists.
 */
export async function seedEppDemo(db: Db, company: string, users: DemoEppUsers, now: Date, files: FileStore): Promise<boolean> {
  const tipoId = (key: string) => seedId(company, 'epp', key);
  if (await RECORD_STORES.epp_tipos.companyOf(db, tipoId('casco'))) return false;
  await db.transaction().execute(async (trx) => {
    const tipos = new Map<string, EppTipo>();
    for (const [key, NombreEpp, Riesgo, Norma, Tallas, VidaUtilMeses, activities] of CATALOGUE) {
      const row: EppTipo = {
        IdEpp: tipoId(key),
        IdEmpresa: company,
        Estado: 1,
        Version: 1,
        NombreEpp,
        actividades: activities.map((n) => seedId(company, 'actividad', n)),
        Riesgo,
        Norma,
        Tallas,
        VidaUtilMeses,
      };
      tipos.set(key, row);
      await RECORD_STORES.epp_tipos.insert!(trx, row, '{}');
      await recordChange(trx, { company, table: eppTipoEntity.table, id: row.IdEpp, op: 'upsert', row }, now);
    }

    const assignments = [
      ...BY_POSITION.map((keys, i) => ({
        id: seedId(company, 'asignacion-cargo', i + 1),
        IdCargo: seedId(company, 'cargo', i + 1),
        IdPersona: null,
        keys,
      })),
      // Worker 1 also works at height: their own assignment adds the harness.
      { id: seedId(company, 'asignacion-persona', 1), IdCargo: null, IdPersona: seedId(company, 'trabajador', 1), keys: ['arnes'] },
    ];
    for (const assignment of assignments) {
      const row = {
        IdAsignacionEpp: assignment.id,
        IdEmpresa: company,
        Estado: 1 as const,
        Version: 1,
        IdCargo: assignment.IdCargo,
        IdPersona: assignment.IdPersona,
        Epps: assignment.keys.map(tipoId),
      };
      await RECORD_STORES.epp_asignaciones.insert!(trx, row, '{}');
      await recordChange(trx, { company, table: eppAsignacionEntity.table, id: row.IdAsignacionEpp, op: 'upsert', row }, now);
    }

    const user = (await findUser(trx, company, users.supervisor))!;
    const admin = (await findUser(trx, company, users.admin))!;
    const nameOf = (row: typeof user) => personName(row);
    const context = (who: typeof user, at: Date): WriteContext => ({
      db: trx,
      company,
      user: who.IdUsuario,
      userName: nameOf(who),
      viewer: viewerOfUser(who),
      key: undefined,
      now: at,
      records: RECORD_STORES,
    });
    const store = files.withDb(trx);
    const put = async (bytes: Buffer): Promise<FileRef> => ({
      Sha256: await store.put(bytes, 'image/png', now, company),
      Tipo: 'image/png',
    });
    const delivererSignature = await put(demoSignaturePng(11));

    const deliver = async (demo: DemoDelivery, corrige: string | null = null) => {
      const worker = (await RECORD_STORES.trabajadores.load(trx, company, seedId(company, 'trabajador', demo.worker)))!.row;
      const signedAt = new Date(now.getTime() - demo.daysAgo * DAY);
      const idOf = (...parts: (string | number)[]) => seedId(company, 'entrega-epp', demo.n, ...parts);
      // The acta that was annulled later was sealed by an older app (version 1, the deliverer typed): old actas
      // still verify under the form they were sealed with. Every other is sealed as the app does now (SPEC EP6, EP7).
      const legacy = demo.n === ANNULLED;
      const body: Omit<EppEntregaCreateBody, 'Sello'> = {
        ...(legacy ? {} : { VersionSello: CURRENT_ACTA_SEAL_VERSION }),
        IdEntregadosEpp: idOf('acta'),
        // The same day's deliveries were one crew.
        IdEntrega: seedId(company, 'cuadrilla-epp', demo.daysAgo),
        IdPersona: worker.IdPersona,
        RunPersona: worker.RunPersona,
        NombreTrabajador: personName(worker),
        Motivo: demo.motivo,
        Fecha: toWireDate(signedAt),
        IdCliente: null,
        Items: demo.items.map(([key, Talla, Cantidad], line) => ({
          IdLinea: idOf('linea', line),
          IdEpp: tipoId(key),
          NombreEpp: tipos.get(key)!.NombreEpp,
          Talla,
          Cantidad,
        })),
        Entregador: legacy
          ? { Nombre: nameOf(user), Rut: user.RunPersona, Firma: delivererSignature }
          : { Nombre: nameOf(user), Rut: user.RunPersona, IdUsuario: user.IdUsuario, Firma: delivererSignature },
        FirmaTrabajador: await put(demoSignaturePng(20 + demo.worker)),
        FirmadoEn: signedAt.toISOString(),
        Corrige: corrige,
      };
      const acta = { ...body, Sello: await actaSeal(company, body) };
      // The server received it a few minutes later, when the tablet found signal.
      await createDelivery(context(user, new Date(signedAt.getTime() + 7 * 60 * 1000)), acta);
      return acta.IdEntregadosEpp;
    };

    const ids = new Map<number, string>();
    for (const demo of DELIVERIES) ids.set(demo.n, await deliver(demo));
    const annulledAt = new Date(now.getTime() - (CORRECTION.daysAgo + 0.5) * DAY);
    await annulDelivery(context(admin, annulledAt), ids.get(ANNULLED)!, undefined);
    await deliver(CORRECTION, ids.get(ANNULLED)!);
    await seedEppRequests(trx, company, tipos, (role, at) => context(role === 'admin' ? admin : user, at), now);
  });
  return true;
}
