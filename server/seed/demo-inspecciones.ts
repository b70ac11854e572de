import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { type InspeccionCreateBody, InspeccionCreateBodySchema, type ObservacionNueva } from '#sync/schemas/inspecciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { RECORD_STORES } from '../app-modules.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { createFormulario } from '../modules/formularios/formularios.service.ts';
import { createInspection } from '../modules/inspecciones/inspecciones.service.ts';
import { approveObservation, respondObservation } from '../modules/inspecciones/observaciones.service.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import { demoPhotoPng, demoSignaturePng } from './demo-images.ts';
import { DEMO_TEMPLATES, demoTemplateBody } from './demo-formularios.ts';
import { seedId } from './seed-id.ts';
import { demoWriteContext } from './demo-write-context.ts';

const DAY = 24 * 60 * 60 * 1000;

/** What a demo inspection says besides its template: answers 1 unless listed, and its observations. */
interface DemoInspection {
  n: number;
  template: number;
  daysAgo: number;
  lugar: string;
  levels: [nv2: number, nv3: number];
  observados?: number[];
  equipo?: string;
  rutContratista?: string;
  idCliente?: string;
  encabezado: Record<string, string>;
  /** IdEnunciado -> 2 or 3. */
  answers: Record<string, 2 | 3>;
  subanswers?: Record<string, Record<string, string>>;
  observations: (Omit<ObservacionNueva, 'IdObservacion' | 'Archivos' | 'IdResponsable' | 'Plazo'> & {
    n: number;
    plazoInDays: number | null;
    photos: number[];
  })[];
  signers: [nombre: string, rut: string, cargo: string][];
}

/**
 * Three finished inspections with observations in every state the office follows up: one overdue (red), one
 * answered by the contractor and waiting for review, one approved, one open; plus a general observation and a gap.
 */
function demoInspections(contractorRut: string): DemoInspection[] {
  return [
    {
      n: 1,
      template: 0,
      daysAgo: 12,
      lugar: 'Pañol central, Faena Los Andes',
      levels: [1, 1],
      observados: [1, 5],
      rutContratista: contractorRut,
      encabezado: { area: 'Pañol de herramientas y taller de carpintería', equipos: '14' },
      answers: { e7: 2, e11: 2, e17: 3 },
      subanswers: { e11: { s1: 'ES-014' }, e13: { s1: 'CERT-2026-3381' } },
      observations: [
        {
          n: 1,
          TipoObs: 'Checklist',
          IdEnunciado: 'e7',
          Observacion: 'Esmeril angular en uso sin guarda de protección en el taller de carpintería.',
          Responsable: 'Patricio Fuentes Vera (contratista)',
          plazoInDays: -4,
          SemaforoObs: 2,
          Severidad: 'Alta',
          photos: [1],
        },
        {
          n: 2,
          TipoObs: 'Checklist',
          IdEnunciado: 'e11',
          Observacion: 'Eslinga de poliéster ES-014 con corte en la cinta; se retiró del área de izaje.',
          Responsable: 'Patricio Fuentes Vera (contratista)',
          plazoInDays: 6,
          SemaforoObs: 2,
          Severidad: 'Media',
          photos: [2],
        },
      ],
      signers: [
        ['Jorge Araya Rojas', '15234567-4', 'Supervisor de terreno'],
        ['Patricio Fuentes Vera', '16789012-1', 'Administrador de contrato'],
      ],
    },
    {
      n: 2,
      template: 1,
      daysAgo: 5,
      lugar: 'Edificio de subestación, piso 3',
      levels: [1, 2],
      equipo: 'Cuadrilla de montaje eléctrico N° 2',
      idCliente: 'CLI-001',
      encabezado: { altura: '8,5', permiso: 'PT-2026-0147' },
      answers: { e10: 2, e23: 3, e26: 3 },
      subanswers: { e1: { s1: 'Carolina Muñoz Soto' }, e3: { s1: '2027-03-31' }, e6: { s1: 'ARN-55812' }, e18: { s1: 'Verde' } },
      observations: [
        {
          n: 1,
          TipoObs: 'Checklist',
          IdEnunciado: 'e10',
          Observacion: 'Dos mosquetones de la cuadrilla tienen seguro simple.',
          Responsable: 'Jorge Araya Rojas',
          plazoInDays: 2,
          SemaforoObs: 2,
          Severidad: 'Alta',
          photos: [3],
        },
        {
          n: 2,
          TipoObs: 'General',
          IdEnunciado: null,
          Observacion: 'Buena coordinación de la cuadrilla; reforzar la charla de cinco minutos sobre el plan de rescate.',
          Responsable: '',
          plazoInDays: null,
          SemaforoObs: 1,
          Severidad: 'Baja',
          photos: [],
        },
        {
          n: 3,
          TipoObs: 'Brechas',
          IdEnunciado: null,
          Observacion: 'Falta un segundo punto de anclaje certificado en la losa del piso 3.',
          Responsable: 'Jefe de obra',
          plazoInDays: 10,
          SemaforoObs: 2,
          Severidad: 'Media',
          photos: [4],
        },
      ],
      signers: [
        ['Jorge Araya Rojas', '15234567-4', 'Supervisor de terreno'],
        ['Daniela Pizarro León', '17890123-0', 'Representante del cliente'],
      ],
    },
    {
      n: 3,
      template: 2,
      daysAgo: 1,
      lugar: 'Zanja de matriz, km 12 Ruta 5 Norte',
      levels: [2, 3],
      observados: [2, 3],
      encabezado: { actividad: 'Excavación de zanja para matriz de agua potable' },
      // e1 (casco) is linked to the EPP catalogue: its No cumple is a finding of non-use (EPP dashboard).
      answers: { e1: 2, e5: 2, e11: 3 },
      observations: [
        {
          n: 2,
          TipoObs: 'Checklist',
          IdEnunciado: 'e1',
          Observacion: 'Trabajador sin casco junto a la zanja mientras opera la retroexcavadora.',
          Responsable: 'Jefe de terreno Movimiento de Tierra',
          plazoInDays: 1,
          SemaforoObs: 2,
          Severidad: 'Alta',
          photos: [],
        },
        {
          n: 1,
          TipoObs: 'Checklist',
          IdEnunciado: 'e5',
          Observacion: 'Trabajador se ubica dentro del radio de giro de la retroexcavadora mientras carga material.',
          Responsable: 'Jefe de terreno Movimiento de Tierra',
          plazoInDays: 7,
          SemaforoObs: 1,
          Severidad: 'Alta',
          photos: [5],
        },
      ],
      signers: [['Jorge Araya Rojas', '15234567-4', 'Supervisor de terreno']],
    },
  ];
}

export interface DemoInspectionUsers {
  admin: number;
  supervisor: number;
  contractor: number;
}

/**
 * The demo templates and inspections of `company`, written through the module services (the same validation,
 * grade and change-log rows as a device's writes) in one transaction. Runs once: nothing when the first demo
 * template exists. Returns whether it wrote them.
 */
export async function seedInspectionDemo(
  db: Db,
  company: string,
  contractorRut: string,
  users: DemoInspectionUsers,
  now: Date,
  files: FileStore,
): Promise<boolean> {
  const templateIds = DEMO_TEMPLATES.map((spec) => seedId(company, 'formulario', spec.key));
  const seeded = await db.selectFrom('formularios').select('IdFormulario').where('IdFormulario', '=', templateIds[0]!).executeTakeFirst();
  if (seeded) return false;
  await db.transaction().execute(async (trx) => {
    // Each demo write is made as its user would make it: their name, their scope, the company's records.
    const context = (user: number, at: Date) => demoWriteContext(trx, company, user, at, RECORD_STORES);
    const store = files.withDb(trx);
    const put = async (bytes: Buffer): Promise<FileRef> => ({
      Sha256: await store.put(bytes, 'image/png', now, company),
      Tipo: 'image/png',
    });
    const templates = DEMO_TEMPLATES.map((spec, i) => demoTemplateBody(spec, templateIds[i]!, (key) => seedId(company, 'epp', key)));
    for (const body of templates) await createFormulario(await context(users.admin, now), body);

    const company_: Viewer = { kind: 'empresa' };
    for (const demo of demoInspections(contractorRut)) {
      const template = templates[demo.template]!;
      const fecha = new Date(now.getTime() - demo.daysAgo * DAY);
      const date = (days: number) => toWireDate(new Date(fecha.getTime() + days * DAY));
      const idOf = (...parts: (string | number)[]) => seedId(company, 'inspeccion', demo.n, ...parts);
      const observations = [];
      for (const observation of demo.observations) {
        const { n, plazoInDays, photos, ...fields } = observation;
        const archivos = [];
        for (const photo of photos) archivos.push(await put(demoPhotoPng(photo)));
        observations.push({
          ...fields,
          IdObservacion: idOf('obs', n),
          IdResponsable: null,
          Plazo: plazoInDays === null ? null : toWireDate(new Date(now.getTime() + plazoInDays * DAY)),
          Archivos: archivos,
        });
      }
      const firmas = [];
      for (const [index, [nombre, rut, cargo]] of demo.signers.entries()) {
        firmas.push({
          IdFirma: idOf('firma', index),
          Rol: index === 0 ? 'Ejecutor' : 'Firmante',
          Nombre: nombre,
          Rut: rut,
          Cargo: cargo,
          Archivo: await put(demoSignaturePng(index + demo.n)),
          FirmadoEn: new Date(fecha.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        });
      }
      const body: InspeccionCreateBody = v.parse(InspeccionCreateBodySchema, {
        IdEvaluacion: idOf(),
        IdFormulario: template.IdFormulario,
        VersionFormulario: 1,
        Fecha: date(0),
        Lugar: demo.lugar,
        IdNivel2: seedId(company, 'nv2', demo.levels[0]),
        IdNivel3: seedId(company, 'nv3', demo.levels[1]),
        Supervisor: 'Jorge Araya Rojas',
        Observados: (demo.observados ?? []).map((worker) => seedId(company, 'trabajador', worker)),
        EquipoTrabajo: demo.equipo ?? '',
        RutContratista: demo.rutContratista ?? null,
        IdCliente: demo.idCliente ?? null,
        Encabezado: demo.encabezado,
        Respuestas: statementsOf(template.Contenido).map((statement) => ({
          IdEnunciado: statement.IdEnunciado,
          Respuesta: demo.answers[statement.IdEnunciado] ?? 1,
          Subrespuestas: demo.subanswers?.[statement.IdEnunciado] ?? {},
        })),
        Observaciones: observations,
        Firmas: firmas,
        IniciadaEn: new Date(fecha.getTime() + 60 * 60 * 1000).toISOString(),
        FinalizadaEn: new Date(fecha.getTime() + 2 * 60 * 60 * 1000).toISOString(),
      });
      const created = await createInspection(await context(users.supervisor, fecha), company_, body);
      if (created.kind !== 'written') throw new Error(`la inspección demo ${demo.n} no se pudo crear`);
    }

    // The cycle: the contractor answers the eslinga (waiting for review); the supervisor answers the carabiners and
    // the administrator approves them (closed, green). The esmeril stays overdue (red).
    const contractor: Viewer = { kind: 'contratista', rut: contractorRut };
    const answered = seedId(company, 'inspeccion', 1, 'obs', 2);
    await respondObservation(await context(users.contractor, now), contractor, answered, {
      IdRespuesta: seedId(company, 'respuesta', 1),
      Texto: 'Se retiró la eslinga ES-014 y se reemplazó por una certificada; se adjunta foto del recambio.',
      Archivos: [await put(demoPhotoPng(6))],
    });
    const approved = seedId(company, 'inspeccion', 2, 'obs', 1);
    await respondObservation(await context(users.supervisor, now), company_, approved, {
      IdRespuesta: seedId(company, 'respuesta', 2),
      Texto: 'Se cambiaron los mosquetones por modelos de doble seguro.',
      Archivos: [],
    });
    await approveObservation(await context(users.admin, now), company_, approved, {
      IdRespuesta: seedId(company, 'respuesta', 3),
      Texto: 'Verificado en terreno.',
    });
  });
  return true;
}
