import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { COMPANY_ID } from './field-session.ts';

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
  data: { IdEvaluacion: string; Lugar: string; Nota: number | null; Porcentaje: number | null; Firmas: { Nombre: string; Archivo: { Sha256: string } }[] };
  observaciones: ServerObservation[];
  obsgenerales: ServerObservation[];
  brechas: ServerObservation[];
  lista_firmas: { Nombre: string; Archivo: { Sha256: string } }[];
  Urls: Record<string, string>;
}

export interface ServerObservation {
  IdObservacion: string;
  Observacion: string;
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
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const session = JSON.parse(localStorage.getItem('session') ?? 'null') as { usuario: { IdUsuario: number } };
        const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('archivosDispositivo').objectStore('archivosDispositivo').getAllKeys();
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as string[]);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}
