import * as v from 'valibot';
import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import {
  type ContenidoFormulario,
  type FormularioCreateBody,
  FormularioCreateBodySchema,
  statementsOf,
} from '#sync/schemas/formularios.schema.ts';
import { type InspeccionCreateBody, InspeccionCreateBodySchema, type ObservacionNueva } from '#sync/schemas/inspecciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { demoPhotoPng, demoSignaturePng } from '#server/seed/demo-images.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, type TestServer } from './api-harness.ts';
import { putFile, send } from './sync-harness.ts';

export const FORMULARIOS = '/api/formularios/formularios';
export const INSPECCIONES = '/api/inspecciones/observaciones-inspecciones';
export const OBSERVACIONES = `${INSPECCIONES}/observaciones`;
export const REPORT = '/api/inspecciones/recursos-app/pdf';

/** The demo templates of Andes (server/seed/demo-formularios.ts). */
export const SEEDED_TEMPLATES = {
  herramientas: seedId(ANDES.id, 'formulario', 'herramientas'),
  altura: seedId(ANDES.id, 'formulario', 'altura'),
  conducta: seedId(ANDES.id, 'formulario', 'conducta'),
};
export const SEEDED_INSPECTION = (n: number) => seedId(ANDES.id, 'inspeccion', n);
export const SEEDED_OBSERVATION = (inspection: number, n: number) => seedId(ANDES.id, 'inspeccion', inspection, 'obs', n);

/** A small template: two items, four statements of different weights, a sub-question and a required header field. */
export function templateContent(overrides: Partial<ContenidoFormulario> = {}): ContenidoFormulario {
  return {
    ColumnasEncabezado: 2,
    CamposEncabezado: [
      { IdCampo: 'turno', Etiqueta: 'Turno', Tipo: 'texto', Requerido: true },
      { IdCampo: 'patente', Etiqueta: 'Patente del equipo', Tipo: 'texto', Requerido: false },
    ],
    Items: [
      {
        IdItem: 'i1',
        Nombre: 'Estado del equipo',
        Enunciados: [
          { IdEnunciado: 'e1', Texto: 'Neumáticos en buen estado', Ponderacion: 1, Subpreguntas: [] },
          {
            IdEnunciado: 'e2',
            Texto: 'Luces y alarma de retroceso funcionan',
            Ponderacion: 3,
            Subpreguntas: [{ IdSubpregunta: 's1', Texto: 'Horómetro' }],
          },
        ],
      },
      {
        IdItem: 'i2',
        Nombre: 'Operador',
        Enunciados: [
          { IdEnunciado: 'e3', Texto: 'Licencia interna vigente', Ponderacion: 2, Subpreguntas: [] },
          { IdEnunciado: 'e4', Texto: 'Usa cinturón de seguridad', Ponderacion: 4, Subpreguntas: [] },
        ],
      },
    ],
    Rangos: DEFAULT_RANGOS,
    ...overrides,
  };
}

export function templateBody(overrides: Partial<Record<keyof FormularioCreateBody, unknown>> = {}): FormularioCreateBody {
  return v.parse(FormularioCreateBodySchema, {
    IdFormulario: uuidV7(),
    Nombre: 'Inspección de grúa horquilla',
    Tipo: 'inspeccion',
    Descripcion: 'Revisión diaria',
    Contenido: templateContent(),
    ...overrides,
  });
}

let imageSeed = 0;
/** Uploads a fresh PNG the way the outbox does (files first) and gives its reference. */
export async function uploadImage(server: TestServer, token: string, kind: 'firma' | 'foto' = 'foto'): Promise<FileRef> {
  imageSeed += 1;
  const bytes = new Uint8Array(kind === 'firma' ? demoSignaturePng(imageSeed) : demoPhotoPng(imageSeed));
  const answer = await putFile(server, token, bytes, 'image/png');
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`upload failed: ${answer.status}`);
  return { Sha256: answer.body.Sha256 as string, Tipo: 'image/png' };
}

export interface InspectionOptions {
  /** Answers by IdEnunciado; every other statement is 1. */
  answers?: Record<string, 1 | 2 | 3>;
  fecha?: string;
  /** Deadline of the generated Checklist observations. */
  plazo?: string;
  signature: FileRef;
  photo?: FileRef;
  overrides?: Partial<Record<keyof InspeccionCreateBody, unknown>>;
}

/**
 * A finished inspection of `content` as the device sends it, through the shared schema: one Checklist observation
 * per statement answered 2, one executor signature.
 */
export function inspectionBody(
  template: { IdFormulario: string; VersionFormulario: number; Contenido: Pick<ContenidoFormulario, 'Items' | 'CamposEncabezado'> },
  options: InspectionOptions,
): InspeccionCreateBody {
  const fecha = options.fecha ?? '2026-11-20';
  const respuestas = statementsOf(template.Contenido).map((statement) => ({
    IdEnunciado: statement.IdEnunciado,
    Respuesta: options.answers?.[statement.IdEnunciado] ?? 1,
  }));
  const observaciones: Partial<ObservacionNueva>[] = respuestas
    .filter((answer) => answer.Respuesta === 2)
    .map((answer) => ({
      IdObservacion: uuidV7(),
      TipoObs: 'Checklist',
      IdEnunciado: answer.IdEnunciado,
      Observacion: `No cumple: ${answer.IdEnunciado}`,
      Responsable: 'Patricio Fuentes',
      Plazo: options.plazo ?? '2026-11-30',
      SemaforoObs: 2,
      Severidad: 'Media',
      Archivos: options.photo ? [options.photo] : [],
    }));
  const encabezado = Object.fromEntries(
    template.Contenido.CamposEncabezado.filter((campo) => campo.Requerido).map((campo) => [campo.IdCampo, `${campo.Etiqueta} demo`]),
  );
  return v.parse(InspeccionCreateBodySchema, {
    IdEvaluacion: uuidV7(),
    IdFormulario: template.IdFormulario,
    VersionFormulario: template.VersionFormulario,
    Fecha: fecha,
    Lugar: 'Patio de equipos',
    IdNivel2: seedId(ANDES.id, 'nv2', 1),
    IdNivel3: seedId(ANDES.id, 'nv3', 1),
    Supervisor: 'Jorge Araya Rojas',
    EquipoTrabajo: 'Cuadrilla 1',
    Encabezado: encabezado,
    Respuestas: respuestas,
    Observaciones: observaciones,
    Firmas: [
      {
        IdFirma: uuidV7(),
        Rol: 'Ejecutor',
        Nombre: 'Jorge Araya Rojas',
        Rut: '15234567-4',
        Cargo: 'Supervisor',
        Archivo: options.signature,
        FirmadoEn: `${fecha}T15:00:00.000Z`,
      },
    ],
    IniciadaEn: `${fecha}T14:00:00.000Z`,
    FinalizadaEn: `${fecha}T15:00:00.000Z`,
    ...options.overrides,
  });
}

export interface Answer<Row = Record<string, unknown>> {
  statusCode: number;
  message: string;
  code?: string;
  data: Row;
  [extra: string]: unknown;
}

export function post<Row = Record<string, unknown>>(server: TestServer, token: string, path: string, body: unknown, key?: string) {
  return send<Answer<Row>>(server, 'POST', path, { token, body, ...(key ? { key } : {}) });
}

export function get<T = Answer>(server: TestServer, token: string, path: string) {
  return send<T>(server, 'GET', path, { token });
}

export function remove(server: TestServer, token: string, path: string) {
  return send<Answer>(server, 'DELETE', path, { token });
}

export type Table = 'evaluaciones' | 'observaciones' | 'cambios' | 'formularios' | 'formulario_versiones' | 'conflictos';

export async function count(server: TestServer, table: Table): Promise<number> {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows of the tables an inspection write touches: equal before and after means nothing was written. */
export async function footprint(server: TestServer): Promise<number[]> {
  return Promise.all((['evaluaciones', 'observaciones', 'cambios', 'conflictos'] as const).map((table) => count(server, table)));
}

export function today(server: TestServer): string {
  return toWireDate(server.clock.now());
}

export function daysFrom(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo inspections come with their signatures and photos in the file store. Tests of the file store's own
 * mechanics count its rows from an empty store, so they set the demo files aside first (like `emptyChangeLog`).
 */
export async function setAsideDemoFiles(server: TestServer): Promise<void> {
  await server.deps.db.deleteFrom('archivos_empresa').execute();
  await server.deps.db.deleteFrom('archivos').execute();
}
