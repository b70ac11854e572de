import { onSiteAt } from '#sync/domain/on-site.ts';
import { type EnFaena, EnFaenaQuerySchema, EnFaenaSchema, VerificacionSchema, VerificarQuerySchema } from '#sync/schemas/acceso-answers.schema.ts';
import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permit } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { gateSettings } from './gate-settings.ts';
import { personAtGateNow } from './gate-answer.ts';
import { movementsUntil } from './gate-records.ts';

const can = (action: 'index') => permit('/control-acceso', action);

/**
 * SPEC GA-ONS1: who is inside a worksite at an instant, from the gate's log by the tablets' clocks (the same function
 * the tablet counts with); GA-ONS2: each flagged when still inside after the end of the shift they entered in. A
 * contractor user counts only its own people and assets.
 */
const enFaena = readRoute(
  '/en-faena/:company',
  {
    tags: ['movimientos_acceso'],
    summary:
      'Personas, vehículos y equipos en la faena en un instante (ahora si no se indica), para pasar lista en una emergencia: ' +
      '?IdNivel2 &En (ISO). { statusCode, data: { Personas, Vehiculos, Equipos, FueraDeTurno, Filas } }',
    answer: dataAnswer(EnFaenaSchema),
    access: can('index'),
    query: EnFaenaQuerySchema,
  },
  async (c, { params, query }) => {
    const { db, records, now } = c.get('deps');
    const session = c.get('session');
    const at = query.En ? new Date(query.En).toISOString() : now().toISOString();
    const settings = await gateSettings(db, records, params.company);
    const logged = await movementsUntil(db, params.company, query.IdNivel2, at);
    const movements = logged.filter((row) => canSeeContractorRows(session.viewer, row));
    const inside = onSiteAt(movements, { IdNivel2: query.IdNivel2, at, shiftEnds: settings.FinesTurno });
    const Filas = inside.map(({ entry, shiftEnd, overdue }) => ({
      Sujeto: entry.Sujeto,
      Rut: entry.Rut,
      IdActivo: entry.IdActivo,
      Nombre: entry.Nombre,
      RutContratista: entry.RutContratista,
      Puerta: entry.Puerta,
      Entrada: entry.FechaDispositivo,
      FinTurno: shiftEnd,
      FueraDeTurno: overdue ? (1 as const) : (0 as const),
    }));
    const count = (kind: EnFaena['Filas'][number]['Sujeto']) => Filas.filter((row) => row.Sujeto === kind).length;
    const FueraDeTurno = Filas.filter((row) => row.FueraDeTurno === 1).length;
    const totals = { Personas: count('persona'), Vehiculos: count('vehiculo'), Equipos: count('equipo'), FueraDeTurno };
    return { statusCode: 200 as const, data: { IdNivel2: query.IdNivel2, En: at, ...totals, Filas } };
  },
);

/** SPEC GA-ENT1 on the server: the gate's answer for a person now, from the rows the tablet would hold. */
const verificar = readRoute(
  '/verificar/:company',
  {
    tags: ['movimientos_acceso'],
    summary: 'Respuesta de la portería para una persona en una faena ahora: ?IdNivel2 &Rut. { statusCode, data: { Permitido, Via, Hasta, Motivos } }',
    answer: dataAnswer(VerificacionSchema),
    access: can('index'),
    query: VerificarQuerySchema,
  },
  async (c, { params, query }) => {
    const { db, now } = c.get('deps');
    const { Nombre, ...answer } = await personAtGateNow(db, params.company, query.IdNivel2, query.Rut, now());
    return { statusCode: 200 as const, data: { Rut: query.Rut, Nombre, ...answer } };
  },
);

export const gateReadRoutes = new Hono<AppEnv>().use(requireSession).route('/', enFaena).route('/', verificar);
