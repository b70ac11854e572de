import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seedId } from '#server/seed/seed-id.ts';
import { COMPANY_ID } from './field-session.ts';

export const EPP_API = '/api/epp';

/** The demo crew delivered six days before the demo data was made (server/seed/demo-epp.ts): two actas. */
export const SEEDED_CREW = seedId(COMPANY_ID, 'cuadrilla-epp', 6);

export interface ServerActa {
  IdEntregadosEpp: string;
  IdEntrega: string;
  IdPersona: string;
  RunPersona: string;
  NombreTrabajador: string;
  Motivo: number;
  Items: { NombreEpp: string; Talla: string; Cantidad: number }[];
  Entregador: { Nombre: string; Rut: string; IdUsuario?: number; IdPersona?: string; Firma: { Sha256: string } };
  FirmaTrabajador: { Sha256: string };
  Sello: string;
  VersionSello: number;
  RecibidoEn: string | null;
  Anulada: number;
}

export interface CrewWorker {
  IdPersona: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  cargos: string[];
}

/** The workers of the demo position `cargo` as the server lists them for an EPP delivery. */
export async function workersOfPosition(request: APIRequestContext, token: string, cargo: string): Promise<CrewWorker[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const cargos = (await (await request.get(`${EPP_API}/lista_cargos/${COMPANY_ID}`, { headers })).json()) as {
    data: { IdCargo: string; NombreCargo: string }[];
  };
  const id = cargos.data.find((row) => row.NombreCargo === cargo)!.IdCargo;
  const workers = (await (await request.get(`${EPP_API}/lista_trabajadores_niveles/${COMPANY_ID}`, { headers })).json()) as {
    data: CrewWorker[];
  };
  return workers.data.filter((worker) => worker.cargos.includes(id));
}

/**
 * The seed's own workers of the demo position `cargo`: workers that journeys running at the same time register
 * (with a position) are left out, so a journey picks the same people whatever runs beside it.
 */
export async function demoWorkersOfPosition(request: APIRequestContext, token: string, cargo: string): Promise<CrewWorker[]> {
  const seeded = new Set(Array.from({ length: 200 }, (_, index) => seedId(COMPANY_ID, 'trabajador', index + 1)));
  return (await workersOfPosition(request, token, cargo)).filter((worker) => seeded.has(worker.IdPersona));
}

/** Every acta of one crew delivery on the server. */
export async function serverActasOfCrew(request: APIRequestContext, token: string, crew: string): Promise<ServerActa[]> {
  const response = await request.get(`${EPP_API}/entregados/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerActa[] }).data.filter((row) => row.IdEntrega === crew);
}

/** One acta as the server answers it, with signed addresses of its signatures. */
export async function serverActa(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<{ data: ServerActa; Urls: Record<string, string> }> {
  const response = await request.get(`${EPP_API}/one/${COMPANY_ID}/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: ServerActa; Urls: Record<string, string> };
}

export async function serverActaPdf(request: APIRequestContext, token: string, id: string): Promise<Buffer> {
  const response = await request.get(`${EPP_API}/entregados/acta/${COMPANY_ID}/${id}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf' },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  return response.body();
}

/** Whether a signature pad's canvas shows any ink right now: what is drawn, not what the pad remembers. */
export function padHasInk(pad: Locator): Promise<boolean> {
  return pad.evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let index = 0; index < data.length; index += 4) if (data[index]! < 128 && data[index + 3]! > 0) return true;
    return false;
  });
}

/** Whether a PNG kept on this device (by its SHA-256) holds any ink once decoded. */
export function storedPngHasInk(page: Page, sha256: string): Promise<boolean> {
  return page.evaluate(
    (sha) =>
      new Promise<boolean>((resolve, reject) => {
        const session = JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } };
        const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('archivosDispositivo').objectStore('archivosDispositivo').get(sha);
          read.onsuccess = async () => {
            open.result.close();
            const file = read.result as { bytes: ArrayBuffer; type: string } | undefined;
            if (!file) return resolve(false);
            const bitmap = await createImageBitmap(new Blob([file.bytes], { type: file.type }));
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const context = canvas.getContext('2d')!;
            context.drawImage(bitmap, 0, 0);
            const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
            for (let index = 0; index < data.length; index += 4) if (data[index]! < 128) return resolve(true);
            resolve(false);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    sha256,
  );
}
