import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, COMPANY_ID, COMPANY_RUT, freshRut, PASSWORD } from './field-session.ts';

/** True once a persisted query cache on the device (in the signed-in person's database) holds the user's profile. */
export function profileIsPersisted(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((info) => info.name ?? '').filter((name) => name.startsWith('andes-hse'));
    const found = await Promise.all(
      names.map(
        (name) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open(name);
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const database = open.result;
              if (!database.objectStoreNames.contains('consultas')) {
                database.close();
                return resolve(false);
              }
              const read = database.transaction('consultas').objectStore('consultas').get('react-query');
              read.onsuccess = () => {
                database.close();
                resolve(JSON.stringify(read.result ?? null).includes('"perfil","usuario"'));
              };
              read.onerror = () => {
                database.close();
                resolve(false);
              };
            };
          }),
      ),
    );
    return found.some(Boolean);
  });
}

// A real 1x1 PNG: the photo chosen offline travels in the queued write.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

export interface ServerProfile {
  Version: number;
  TelefonoPersona: string;
  Logo: string | null;
}

/** A user and a role (Perfil Empresa, to see and edit) of the journey's own: the demo accounts stay as they are. */
export async function profileEditor(request: APIRequestContext): Promise<string> {
  const adminToken = await apiToken(request);
  const headers = { Authorization: `Bearer ${adminToken}` };
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const role = await request.post(`/api/roles/post/${COMPANY_ID}`, {
    headers,
    data: { NombreRol: `Perfiles ${stamp}`, Permisos: [{ Ruta: '/perfil/empresa', Acciones: ['index', 'editar'] }] },
  });
  expect(role.status(), await role.text()).toBe(200);
  const email = `perfil.${stamp}@andesdemo.cl`;
  const user = await request.post('/api/usuarios', {
    headers,
    data: {
      RunPersona: freshRut(),
      NombreUsuario: `perfil${stamp}`,
      Nombres: 'Paula',
      ApellidoPaterno: 'Cortés',
      ApellidoMaterno: 'Reyes',
      CorreoElectronicoPersona: email,
      TelefonoPersona: '+56 9 5555 0103',
      FechaNacimiento: '1987-09-21',
      IdRol: ((await role.json()) as { data: { IdRol: number } }).data.IdRol,
      Tipo: 'empresa',
      ContrasenaTemporal: 'Temporal.Inicial.1',
    },
  });
  expect(user.status(), await user.text()).toBe(200);
  const challenge = await request.post('/api/auth/login', { data: { RutEmpresa: COMPANY_RUT, Correo: email, Contrasena: 'Temporal.Inicial.1' } });
  const { Desafio } = (await challenge.json()) as { Desafio: string };
  const changed = await request.post('/api/auth/cambiar-contrasena', { data: { Desafio, Contrasena: PASSWORD, ConfirmarContrasena: PASSWORD } });
  expect(changed.status()).toBe(200);
  return email;
}
