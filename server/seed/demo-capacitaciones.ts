import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { programaCapacitacionEntity, ProgramaCreateBodySchema } from '#sync/schemas/capacitaciones-programa.schema.ts';
import { tipoCapacitacionEntity } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import {
  capacitacionEntity,
  CapacitacionCreateBodySchema,
  type Capacitacion,
  RealizacionBodySchema,
} from '#sync/schemas/capacitaciones.schema.ts';
import { RECORD_STORES } from '../app-modules.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { capacitacionRules } from '../modules/capacitaciones/capacitaciones.rules.ts';
import { createRecord, updateRecord } from '../records/record-writes.ts';
import { demoSignaturePng } from './demo-images.ts';
import { seedId } from './seed-id.ts';
import { demoWriteContext } from './demo-write-context.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Training types a construction company trains in: hours, months of validity (0: indefinite), evaluated. */
const TYPES: [key: string, nombre: string, categoria: number, horas: number, meses: number, evaluada: 0 | 1, descripcion: string][] = [
  ['induccion', 'Inducción hombre nuevo', 1, 4, 0, 0, 'Riesgos de la faena, reglamento interno, derecho a saber (DS 40)'],
  ['altura', 'Trabajo en altura física', 2, 8, 12, 1, 'Sistemas de detención de caídas, inspección de arnés, rescate'],
  ['epp', 'Uso y cuidado de EPP', 3, 2, 12, 0, 'Selección, uso, inspección y recambio de los elementos de protección personal'],
  ['manejo', 'Manejo defensivo', 5, 8, 24, 1, 'Conducción de camionetas en faena y caminos públicos'],
  ['auxilios', 'Primeros auxilios', 4, 8, 24, 1, 'RCP, control de hemorragias, inmovilización y traslado'],
  ['extintores', 'Uso de extintores', 4, 2, 12, 0, 'Clases de fuego y uso práctico de extintores'],
  ['loto', 'Bloqueo y etiquetado de energías (LOTO)', 2, 4, 12, 1, 'Aislamiento de energías peligrosas antes de intervenir equipos'],
];

/**
 * The demo EPP items (demo-epp.ts keys) each type teaches the use of: a valid attendance makes the worker
 * "capacitado" in them on the EPP dashboard (the induction covers the basic kit; work at height, the harness).
 */
const TRAINS_IN_USE_OF: Record<string, string[]> = {
  induccion: ['casco', 'zapatos', 'lentes'],
  altura: ['arnes'],
  epp: ['casco', 'lentes', 'guantes', 'zapatos', 'auditivo', 'respirador', 'chaleco'],
};

/** The year's plan: one line a month, by type key (months with a past session below plan that session's type). */
const PLAN = [
  'induccion',
  'altura',
  'epp',
  'manejo',
  'auxilios',
  'extintores',
  'loto',
  'altura',
  'epp',
  'induccion',
  'auxilios',
  'extintores',
];

/**
 * Past sessions so the demo shows every state today: `daysAgo` picks when it was realised (350 days ago with a
 * 12-month validity is "por vencer"; 430 days ago, expired), `workers` who attended, `grades` for evaluated types.
 */
const PAST: { n: number; type: string; daysAgo: number; tema: string; lugar: string; workers: number[]; grades?: number[] }[] = [
  {
    n: 1,
    type: 'altura',
    daysAgo: 350,
    tema: 'Trabajo en altura para cuadrilla de montaje',
    lugar: 'Sala de capacitación, Faena Los Andes',
    workers: [1, 2, 3, 4, 5],
    grades: [6.5, 5.8, 4.2, 6.0, 5.1],
  },
  {
    n: 2,
    type: 'epp',
    daysAgo: 430,
    tema: 'Uso y cuidado de EPP: protección auditiva y respiratoria',
    lugar: 'Casino, Faena Ruta 5 Norte',
    workers: [6, 7, 8, 9, 10],
  },
  {
    n: 3,
    type: 'manejo',
    daysAgo: 90,
    tema: 'Manejo defensivo de camionetas en faena',
    lugar: 'Pista de pruebas, Faena Ruta 5 Norte',
    workers: [11, 12, 13, 14, 15],
    grades: [6.2, 5.5, 3.4, 6.8, 4.9],
  },
  {
    n: 4,
    type: 'induccion',
    daysAgo: 180,
    tema: 'Inducción hombre nuevo',
    lugar: 'Oficina de prevención, Faena Los Andes',
    workers: [16, 17, 18, 19, 20, 1, 2],
  },
  {
    n: 5,
    type: 'auxilios',
    daysAgo: 30,
    tema: 'Primeros auxilios y RCP',
    lugar: 'Sala de capacitación, Faena Los Andes',
    workers: [2, 4, 6, 8, 10, 12],
    grades: [6.1, 5.9, 6.6, 4.4, 5.0, 6.3],
  },
];

const writeContext = (db: Db, company: string, user: number, at: Date) => demoWriteContext(db, company, user, at, RECORD_STORES);

/**
 * The trainings of `company`, written through the record kit as the office and the worksite would (the same
 * rules, validity and change-log rows): types, the year's programme, five realised sessions whose workers are now
 * vigentes, por vencer and vencidos, and two sessions still to give (one today, to take attendance at the
 * worksite). Once: nothing when its first type exists.
 */
export async function seedTrainingDemo(
  db: Db,
  company: string,
  users: { admin: number; supervisor: number },
  now: Date,
  files: FileStore,
): Promise<boolean> {
  const typeId = (key: string) => seedId(company, 'tipo-capacitacion', key);
  if (await RECORD_STORES.tipos_capacitacion.companyOf(db, typeId('induccion'))) return false;
  await db.transaction().execute(async (trx) => {
    const office = await writeContext(trx, company, users.admin, now);
    const store = files.withDb(trx);
    const put = async (seed: number): Promise<FileRef> => ({
      Sha256: await store.put(demoSignaturePng(seed), 'image/png', now, company),
      Tipo: 'image/png',
    });
    const worker = (n: number) => seedId(company, 'trabajador', n);
    const written = <T>(outcome: { kind: string; row: T }) => {
      if (outcome.kind !== 'written') throw new Error('un registro demo de capacitaciones no se pudo escribir');
      return outcome.row;
    };

    for (const [key, Nombre, IdCategoria, DuracionHoras, VigenciaMeses, Evaluada, Descripcion] of TYPES) {
      const Epps = (TRAINS_IN_USE_OF[key] ?? []).map((item) => seedId(company, 'epp', item));
      written(
        await createRecord(office, tipoCapacitacionEntity, {
          IdTipoCapacitacion: typeId(key),
          Nombre,
          IdCategoria,
          DuracionHoras,
          VigenciaMeses,
          Evaluada,
          Descripcion,
          Epps,
        }),
      );
    }
    const year = Number(toWireDate(now).slice(0, 4));
    const lineId = (month: number) => seedId(company, 'programa-capacitacion', year, month);
    const dateOf = (past: (typeof PAST)[number]) => toWireDate(new Date(now.getTime() - past.daysAgo * DAY));
    // The plan names what was given in the months already past, so those sessions count against its lines.
    const plan = [...PLAN];
    for (const past of PAST.filter((candidate) => Number(dateOf(candidate).slice(0, 4)) === year))
      plan[Number(dateOf(past).slice(5, 7)) - 1] = past.type;
    for (const [index, key] of plan.entries()) {
      const body = v.parse(ProgramaCreateBodySchema, {
        IdCapacitacion: lineId(index + 1),
        Anio: year,
        Mes: index + 1,
        IdTipoCapacitacion: typeId(key),
        Tema: TYPES.find((type) => type[0] === key)![1],
        Cargos: [],
      });
      written(await createRecord(office, programaCapacitacionEntity, body));
    }

    for (const past of PAST) {
      const day = new Date(now.getTime() - past.daysAgo * DAY);
      const fecha = toWireDate(day);
      const month = Number(fecha.slice(5, 7));
      const planned = Number(fecha.slice(0, 4)) === year && plan[month - 1] === past.type ? lineId(month) : null;
      const field = await writeContext(trx, company, users.supervisor, day);
      const id = (...parts: (string | number)[]) => seedId(company, 'capacitacion', past.n, ...parts);
      const body = v.parse(CapacitacionCreateBodySchema, {
        IdCapacitacion: id(),
        IdTipoCapacitacion: typeId(past.type),
        IdPrograma: planned,
        Tema: past.tema,
        Fecha: fecha,
        HoraInicio: '08:30',
        Lugar: past.lugar,
        Participantes: past.workers.map((n) => ({ Id: id('participante', n), IdPersona: worker(n) })),
        Relatores: [{ Id: id('relator'), IdUsuario: users.supervisor }],
      });
      const session = written(await createRecord(field, capacitacionEntity, body, capacitacionRules)) as Capacitacion;
      const realisation = v.parse(RealizacionBodySchema, {
        IdCapacitacion: session.IdCapacitacion,
        Version: session.Version,
        FechaRealizacion: fecha,
        Participantes: await Promise.all(
          session.Participantes.map(async (participant, index) => ({
            Id: participant.Id,
            Asistio: 1,
            Nota: past.grades?.[index] ?? null,
            Firma: await put(past.n * 100 + index),
            FirmadoEn: new Date(day.getTime() + 2 * 60 * 60 * 1000).toISOString(),
          })),
        ),
        Relatores: [
          { Id: id('relator'), Firma: await put(past.n * 100 + 99), FirmadoEn: new Date(day.getTime() + 3 * 60 * 60 * 1000).toISOString() },
        ],
      });
      written(await updateRecord(field, capacitacionEntity, session.IdCapacitacion, { ...realisation, Realizada: 1 }, capacitacionRules));
    }

    // To give: today's talk at the worksite (attendance is taken there), and next week's, by position.
    const today = await writeContext(trx, company, users.supervisor, now);
    const upcoming = [
      {
        n: 'hoy',
        type: 'altura',
        fecha: toWireDate(now),
        tema: 'Charla de seguridad: uso de arnés y línea de vida',
        lugar: 'Frente de montaje, Faena Los Andes',
        cargos: [] as string[],
      },
      {
        n: 'proxima',
        type: 'loto',
        fecha: toWireDate(new Date(now.getTime() + 7 * DAY)),
        tema: 'Bloqueo y etiquetado para eléctricos',
        lugar: 'Taller eléctrico, Faena Los Andes',
        cargos: [seedId(company, 'cargo', 4)],
      },
    ];
    for (const next of upcoming) {
      const id = seedId(company, 'capacitacion', next.n);
      const body = v.parse(CapacitacionCreateBodySchema, {
        IdCapacitacion: id,
        IdTipoCapacitacion: typeId(next.type),
        Tema: next.tema,
        Fecha: next.fecha,
        HoraInicio: '08:00',
        Lugar: next.lugar,
        IdNivel2: seedId(company, 'nv2', 1),
        CargosParticipantes: next.cargos,
        Relatores: [{ Id: seedId(company, 'capacitacion', next.n, 'relator'), IdUsuario: users.supervisor }],
      });
      written(await createRecord(today, capacitacionEntity, body, capacitacionRules));
    }
  });
  return true;
}
