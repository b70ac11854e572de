import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { COMPANY_ID } from './field-session.ts';

/** The demo workers of Andes by their seed number (server/seed/demo-seed.ts): names and RUT as the seed makes them. */
const FIRST_NAMES = ['Juan', 'María', 'Pedro', 'Camila', 'Luis', 'Fernanda', 'Cristián', 'Javiera', 'Sebastián', 'Constanza'];
const SURNAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
];

export function demoWorker(n: number): { name: string; fullName: string; rut: string } {
  const i = n - 1;
  const body = String(11_000_000 + i * 373_541);
  const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[i % SURNAMES.length]}`;
  return { name, fullName: `${name} ${SURNAMES[(i * 5 + 3) % SURNAMES.length]}`, rut: `${body}-${rutCheckDigit(body)}` };
}

/** The demo session given today at the worksite (server/seed/demo-capacitaciones.ts). */
export const TODAYS_TALK = 'Charla de seguridad: uso de arnés y línea de vida';

export interface ServerSession {
  IdCapacitacion: string;
  Tema: string;
  Realizada: 0 | 1;
  FechaRealizacion: string | null;
  Version: number;
  Participantes: {
    Id: string;
    IdPersona: string;
    Nombre: string;
    RunPersona: string;
    Asistio: 0 | 1;
    Nota: number | null;
    Firma: { Sha256: string } | null;
    FechaVencimiento: string | null;
    Estado: 0 | 1;
  }[];
  Relatores: { Id: string; Nombre: string; Firma: { Sha256: string } | null; Estado: 0 | 1 }[];
  Evidencias: { Id: string; Evidencia: string; TipoEvidencia: string; Archivo: { Sha256: string }; Estado: 0 | 1 }[];
  Urls: Record<string, string>;
}

export async function serverSession(request: APIRequestContext, token: string, id: string): Promise<ServerSession> {
  const response = await request.get(`/api/capacitaciones/creadas/${id}/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerSession }).data;
}

export async function certificatePdf(request: APIRequestContext, token: string, attendanceId: string): Promise<Buffer> {
  const response = await request.post('/api/capacitaciones/recursos-app/pdf', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf' },
    data: { IdObjeto: attendanceId, Empresa: COMPANY_ID },
  });
  expect(response.status()).toBe(200);
  return response.body();
}

/** Finds a worker with the attendance's search (by name or RUT) and adds them. */
export async function addAttendee(page: Page, search: string, fullName: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Buscar participante por nombre o RUT' }).fill(search);
  await page
    .getByRole('list', { name: 'Resultados de buscar participante por nombre o rut' })
    .getByRole('button', { name: new RegExp(fullName) })
    .click();
  await expect(page.getByRole('list', { name: 'Asistencia' }).getByText(fullName, { exact: true })).toBeVisible();
}
