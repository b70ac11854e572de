import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import type { ContenidoFormulario } from '#sync/schemas/formularios.schema.ts';
import { ADMIN, COMPANY_ID, COMPANY_RUT, localRows, PASSWORD, WORKERS_API } from './field-session.ts';

export const INSPECTIONS_API = '/api/inspecciones/observaciones-inspecciones';

/** Draws a stroke on a signature pad (an image role named "<label>: …") with the mouse. */
export async function drawOn(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 30 + step * 20, box.y + box.height * (0.6 - 0.3 * Math.sin(step / 2)), { steps: 3 });
  }
  await page.mouse.up();
}

/** A real JPEG camera-like photo made by the browser (noise over a gradient), different for every seed. */
export async function cameraPhoto(page: Page, seed: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(async (value) => {
    const canvas = new OffscreenCanvas(1600, 1200);
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 1600, 1200);
    gradient.addColorStop(0, `hsl(${(value * 67) % 360} 60% 45%)`);
    gradient.addColorStop(1, `hsl(${(value * 131) % 360} 50% 70%)`);
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 1200);
    const image = context.getImageData(0, 0, 1600, 1200);
    let state = value * 2654435761;
    for (let i = 0; i < image.data.length; i += 4) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = (state >>> 24) - 128;
      image.data[i] = Math.max(0, Math.min(255, image.data[i]! + noise / 3));
      image.data[i + 1] = Math.max(0, Math.min(255, image.data[i + 1]! + noise / 4));
    }
    context.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, seed);
  return { name: `foto-${seed}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/** The text of a PDF as poppler's pdftotext reads it, and how many images it embeds (pdfimages -list). */
export function readPdf(bytes: Buffer): { text: string; images: number; pages: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-pdf-'));
  const file = path.join(dir, 'informe.pdf');
  fs.writeFileSync(file, bytes);
  try {
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n');
    // Two header lines; soft masks (alpha of PNG signatures) are listed apart and are not images of their own.
    const images = list.slice(2).filter((line) => line.trim().split(/\s+/)[2] === 'image').length;
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 0);
    return { text: text.replace(/\s+/g, ' '), images, pages };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ServerInspection {
  data: {
    IdEvaluacion: string;
    IdFormulario: string;
    VersionFormulario: number;
    Lugar: string;
    Observados: string[];
    EquipoTrabajo: string | null;
    Respuestas: { IdEnunciado: string; Respuesta: number }[];
    Nota: number | null;
    Porcentaje: number | null;
    Firmas: { Nombre: string; Archivo: { Sha256: string } }[];
  };
  observaciones: ServerObservation[];
  obsgenerales: ServerObservation[];
  brechas: ServerObservation[];
  lista_firmas: { Nombre: string; Archivo: { Sha256: string } }[];
  Urls: Record<string, string>;
}

export interface ServerObservation {
  IdObservacion: string;
  IdEvaluacion: string;
  Observacion: string;
  Enunciado: string | null;
  SemaforoObs: number;
  Respondida: number;
  Aprobada: number;
  Archivos: { Sha256: string }[];
}

export async function serverInspectionsAt(request: APIRequestContext, token: string, lugar: string): Promise<{ IdEvaluacion: string }[]> {
  const response = await request.get(INSPECTIONS_API, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { IdEvaluacion: string; Lugar: string }[] }).data.filter((row) => row.Lugar === lugar);
}

export async function serverInspection(request: APIRequestContext, token: string, id: string): Promise<ServerInspection> {
  const response = await request.get(`${INSPECTIONS_API}/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerInspection;
}

export async function serverReportPdf(request: APIRequestContext, token: string, id: string): Promise<Buffer> {
  const response = await request.post('/api/inspecciones/recursos-app/pdf', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf' },
    data: { IdObjeto: id, Empresa: COMPANY_ID, Tipo: 'inspeccion' },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  return response.body();
}

/** SHA-256 of every photo and signature this device took (table `archivosDispositivo`). */
export function deviceFileHashes(page: Page): Promise<string[]> {
  return localRows<string>(page, 'archivosDispositivo', 'keys');
}

export const TEMPLATES_API = '/api/formularios/formularios';

/** Opens a screen through the side navigation: the rail's group ("Ajustes", "Módulos"), then its link. */
export async function openSection(page: Page, group: string, link: string): Promise<void> {
  const button = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: new RegExp(group) });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await page
    .getByRole('navigation', { name: `Menú ${group}` })
    .getByRole('link', { name: link, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: link, level: 1 })).toBeVisible();
}

/** Asks for a sync now with the top bar's button; callers then wait for what the sync brings to show. */
export async function syncNow(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sincronizar' }).click();
}

export interface ServerTemplate {
  IdFormulario: string;
  Nombre: string;
  Estado: number;
  VersionFormulario: number;
  Contenido: ContenidoFormulario;
}

/** The template as the office list on the server reads it (retired ones included); null when it is not there. */
export async function serverTemplate(request: APIRequestContext, token: string, id: string): Promise<ServerTemplate | null> {
  const response = await request.get(TEMPLATES_API, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerTemplate[] }).data.find((row) => row.IdFormulario === id) ?? null;
}

export async function serverTemplatesNamed(request: APIRequestContext, token: string, nombre: string): Promise<ServerTemplate[]> {
  const response = await request.get(TEMPLATES_API, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerTemplate[] }).data.filter((row) => row.Nombre === nombre);
}

/** One version of a template as the server keeps it (older versions never change). */
export async function serverTemplateVersion(
  request: APIRequestContext,
  token: string,
  id: string,
  version: number,
): Promise<ServerTemplate> {
  const response = await request.get(`${TEMPLATES_API}/one/${id}?version=${version}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerTemplate }).data;
}

/** A one-item template made straight on the server (for tests whose subject is not the editor); returns its id. */
export async function createServerTemplate(
  request: APIRequestContext,
  token: string,
  nombre: string,
  statements: string[],
): Promise<string> {
  const IdFormulario = randomUUID();
  const Contenido: ContenidoFormulario = {
    ColumnasEncabezado: 2,
    CamposEncabezado: [],
    Items: [
      {
        IdItem: 'i1',
        Nombre: 'Condiciones',
        Enunciados: statements.map((Texto, index) => ({ IdEnunciado: `e${index + 1}`, Texto, Ponderacion: 1, Subpreguntas: [] })),
      },
    ],
    Rangos: DEFAULT_RANGOS,
  };
  const response = await request.post(TEMPLATES_API, {
    headers: { Authorization: `Bearer ${token}` },
    data: { IdFormulario, Nombre: nombre, Tipo: 'inspeccion', Descripcion: '', Contenido },
  });
  expect(response.status()).toBe(200);
  return IdFormulario;
}

/** Active observations the server lists to the office. */
export async function serverObservations(request: APIRequestContext, token: string): Promise<ServerObservation[]> {
  const response = await request.get(`${INSPECTIONS_API}/observaciones`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerObservation[] }).data;
}

/** The HTTP status of an inspection's detail (200 while active, 404 once deleted). */
export async function serverInspectionStatus(request: APIRequestContext, token: string, id: string): Promise<number> {
  return (await request.get(`${INSPECTIONS_API}/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status();
}

/** A session of the office's own through the API: its token and its user id (the `{user}` of delete routes). */
export async function officeSession(request: APIRequestContext, correo = ADMIN): Promise<{ token: string; userId: number }> {
  const response = await request.post('/api/auth/login', { data: { RutEmpresa: COMPANY_RUT, Correo: correo, Contrasena: PASSWORD } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string; usuario: { IdUsuario: number } };
  return { token: body.token, userId: body.usuario.IdUsuario };
}

/** A worker registered at the office through the API; returns its IdPersona. */
export async function createServerWorker(
  request: APIRequestContext,
  token: string,
  worker: { rut: string; nombres: string; paterno: string },
): Promise<string> {
  const IdPersona = randomUUID();
  const response = await request.post(WORKERS_API, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    data: { IdPersona, RunPersona: worker.rut, Nombres: worker.nombres, ApellidoPaterno: worker.paterno },
  });
  expect(response.status()).toBe(200);
  return IdPersona;
}

/** The office deletes a worker through the API (Estado 0, a tombstone in the changes). */
export async function deleteServerWorker(request: APIRequestContext, office: { token: string; userId: number }, id: string): Promise<void> {
  const response = await request.delete(`${WORKERS_API}/${encodeURIComponent(id)}/${office.userId}`, {
    headers: { Authorization: `Bearer ${office.token}`, 'Idempotency-Key': randomUUID() },
  });
  expect(response.status()).toBe(200);
}
