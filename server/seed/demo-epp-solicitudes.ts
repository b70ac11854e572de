import { toWireDate } from '#sync/domain/dates.ts';
import { eppSolicitudEntity } from '#sync/schemas/epp-solicitudes.schema.ts';
import type { EppTipo } from '#sync/schemas/epp-tipos.schema.ts';
import { RECORD_STORES } from '../app-modules.ts';
import type { Db } from '../db/database.ts';
import { eppSolicitudRules } from '../modules/epp/epp-solicitudes.rules.ts';
import { takeTransition } from '../records/workflow-transition.ts';
import { eppSolicitudWorkflow } from '#sync/schemas/epp-solicitudes.workflow.ts';
import { createRecord } from '../records/record-writes.ts';
import type { WriteContext } from '../records/write-answer.ts';
import { seedId } from './seed-id.ts';
import { personName } from '#sync/domain/person-name.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoRequest {
  n: number;
  daysAgo: number;
  /** Worker number of the demo seed, and what they need: [item key, size, quantity]. */
  lines: [worker: number, key: string, talla: string, cantidad: number][];
  /** Dispatched by the office this many days ago, with this code. */
  dispatched?: { daysAgo: number; codigo: string };
}

/**
 * Two requests of the company's own crew still pending, one of a contractor's worker (the contractor sees only that
 * one), and one dispatched yesterday waiting for the workers' signatures at the worksite.
 */
const REQUESTS: DemoRequest[] = [
  { n: 1, daysAgo: 1, lines: [[11, 'zapatos', '41', 1], [11, 'chaleco', 'L', 1], [12, 'zapatos', '43', 1], [12, 'guantes', 'M', 2]] },
  { n: 2, daysAgo: 2, lines: [[13, 'casco', '', 1], [13, 'lentes', '', 1]] },
  { n: 3, daysAgo: 3, lines: [[14, 'guantes', 'L', 2], [14, 'lentes', '', 1], [15, 'respirador', 'M', 1]], dispatched: { daysAgo: 1, codigo: 'GD-10234' } },
];

/** The demo's EPP requests, through the module's own rules and dispatch (same checks and change-log rows as a device's). */
export async function seedEppRequests(db: Db, company: string, tipos: ReadonlyMap<string, EppTipo>, context: (role: 'supervisor' | 'admin', at: Date) => WriteContext, now: Date): Promise<void> {
  for (const demo of REQUESTS) {
    const at = new Date(now.getTime() - demo.daysAgo * DAY);
    const Lineas = [];
    for (const [index, [worker, key, Talla, Cantidad]] of demo.lines.entries()) {
      const row = (await RECORD_STORES.trabajadores.load(db, company, seedId(company, 'trabajador', worker)))!.row;
      const tipo = tipos.get(key)!;
      Lineas.push({
        IdLinea: seedId(company, 'solicitud-epp', demo.n, 'linea', index),
        IdPersona: row.IdPersona,
        RunPersona: row.RunPersona,
        NombreTrabajador: personName(row),
        IdEpp: tipo.IdEpp,
        NombreEpp: tipo.NombreEpp,
        Talla,
        Cantidad,
      });
    }
    const IdSolicitud = seedId(company, 'solicitud-epp', demo.n);
    await createRecord(context('supervisor', at), eppSolicitudEntity, { IdSolicitud, IdEvaluacion: null, Fecha: toWireDate(at), Lineas }, eppSolicitudRules);
    if (demo.dispatched) {
      const when = new Date(now.getTime() - demo.dispatched.daysAgo * DAY);
      const despacho = { FechaDespacho: toWireDate(when), CodigoDespacho: demo.dispatched.codigo, RutDespachador: '12345678', DvDespachador: '5', NombreDespachador: 'Bodega Central Andes' };
      await takeTransition(context('admin', when), eppSolicitudWorkflow, 'despachar', [IdSolicitud], despacho);
    }
  }
}
