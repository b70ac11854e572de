import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { CAPACITACIONES, CREADAS, rows, SEEDED_TYPE, sessionBody, signature, TIPOS, typeBody, write } from './support/capacitaciones-factory.ts';
import { countRows, send } from './support/sync-harness.ts';

const test = serverForEachTest();
const PROGRAMA = `${CAPACITACIONES}/programa/${ANDES.id}`;

describe('training types (spec: tipos?idEmpresa, tipos/{id}, POST and PUT tipos, DELETE tipos/{id}; categorias)', () => {
  it("takes the category as its digits, and lists with the spec's ?idEmpresa beside the demo types", async () => {
    const { server, admin } = test;
    const sent = typeBody({ IdCategoria: '3' });
    const created = await write(server, admin.token, 'POST', TIPOS, sent);
    expect(created.body).toMatchObject({ statusCode: 200, data: { IdCategoria: 3 } });
    const list = await send<{ data: { Nombre: string }[] }>(server, 'GET', `${TIPOS}?idEmpresa=${ANDES.id}`, { token: admin.token });
    expect(list.body.data.map((type) => type.Nombre)).toEqual(expect.arrayContaining([sent.Nombre, 'Trabajo en altura física', 'Inducción hombre nuevo']));
  });

  it('refuses a bad category, duration, validity or evaluation, and a repeated name, writing nothing', async () => {
    const { server, admin } = test;
    const before = await countRows(server, 'cambios');
    const refusal = async (fields: Record<string, unknown>) => (await write(server, admin.token, 'POST', TIPOS, typeBody(fields))).body;
    expect(await refusal({ IdCategoria: 99 })).toMatchObject({ statusCode: 400, message: 'Elige una categoría de la lista' });
    expect(await refusal({ DuracionHoras: 1.25 })).toMatchObject({ statusCode: 400, message: 'La duración debe ser un número de horas entre 0,5 y 500, en medias horas' });
    expect(await refusal({ VigenciaMeses: -1 })).toMatchObject({ statusCode: 400, message: 'La vigencia debe ser un número entero de meses, entre 0 y 600' });
    expect(await refusal({ Evaluada: 2 })).toMatchObject({ statusCode: 400, message: 'Indica si el tipo de capacitación se evalúa con nota' });
    expect(await refusal({ Nombre: 'trabajo en altura física' })).toEqual({ statusCode: 409, message: 'Ya existe un tipo de capacitación con ese nombre', code: 'TIPO_CAPACITACION_DUPLICADO' });
    expect(await countRows(server, 'cambios')).toBe(before);
  });

  it('refuses to delete a type an active session names', async () => {
    const { server, admin } = test;
    const type = typeBody();
    await write(server, admin.token, 'POST', TIPOS, type);
    await write(server, admin.token, 'POST', CREADAS, sessionBody(type.IdTipoCapacitacion));
    expect((await write(server, admin.token, 'DELETE', `${TIPOS}/${type.IdTipoCapacitacion}`)).body).toMatchObject({ statusCode: 409, message: 'No se puede eliminar el tipo de capacitación: tiene programas o capacitaciones activas', code: 'TIPO_DE_CAPACITACION_EN_USO' });
  });

  it('lists the categories, and is scoped to the company of the token and to roles with the maintainer', async () => {
    const { server, admin } = test;
    const categories = await send<{ data: { IdCategoria: number; Nombre: string }[] }>(server, 'GET', `${CAPACITACIONES}/categorias`, { token: admin.token });
    expect(categories.body.data.map((category) => category.Nombre)).toContain('Uso y cuidado de EPP');
    const other = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await send<{ data: unknown }>(server, 'GET', `${TIPOS}/${SEEDED_TYPE('altura')}`, { token: other.token })).body.data).toBeNull();
    expect((await send<{ data: unknown[] }>(server, 'GET', TIPOS, { token: other.token })).body.data).toEqual([]);
    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await send(server, 'GET', TIPOS, { token: supervisor.token })).status).toBe(200);
  });
});

describe('the programme (spec programa/{company}, programa/{id}/{company}, programa/listas/...)', () => {
  const line = (fields: Record<string, unknown> = {}) => ({ IdCapacitacion: uuidV7(), Anio: 2027, Mes: 3, IdTipoCapacitacion: SEEDED_TYPE('altura'), Tema: 'Reforzamiento de trabajo en altura', Cargos: [], ...fields });

  it('creates a line with evidence stored under the section 5 file-name rules, and adds evidence later', async () => {
    const { server, admin } = test;
    const file = await signature(server, admin.token);
    const sent = line({ Evidencias: [{ Id: uuidV7(), Nombre: 'Programa anual (versión 2).pdf', TipoEvidencia: 'Documento', Archivo: file, Fecha: '2026-11-20' }] });
    const created = await write<Record<string, unknown>>(server, admin.token, 'POST', PROGRAMA, sent);
    expect(created.body).toMatchObject({ statusCode: 200 });
    expect(created.body.data.Evidencias).toEqual([expect.objectContaining({ Evidencia: `${ANDES.id}/${sent.IdCapacitacion}/evidencias/Programa-anual--version-2-.pdf`, Nombre: 'Programa anual (versión 2).pdf', Estado: 1 })]);
    const guide = { Id: uuidV7(), Nombre: 'Guía de rescate en altura.pdf', TipoEvidencia: 'Guía', Archivo: file, Fecha: '2026-11-21' };
    const edited = await write<Record<string, unknown>>(server, admin.token, 'PUT', `${CAPACITACIONES}/programa/${sent.IdCapacitacion}/${ANDES.id}`, { Version: 1, Mes: 4, Evidencias: [guide] });
    expect(edited.body).toMatchObject({ data: { Mes: 4, Version: 2 } });
    expect((edited.body.data.Evidencias as { Evidencia: string }[]).map((evidence) => evidence.Evidencia.split('/').pop())).toEqual(['Programa-anual--version-2-.pdf', 'Guía-de-rescate-en-altura.pdf']);
    const detail = await send<{ data: { Urls: Record<string, string> } }>(server, 'GET', `${CAPACITACIONES}/programa/${sent.IdCapacitacion}/${ANDES.id}`, { token: admin.token });
    expect(detail.body.data.Urls[file.Sha256]).toMatch(/^\/api\/files\//);
  });

  it('refuses a bad year, month, topic or file, writing nothing', async () => {
    const { server, admin } = test;
    const before = await rows(server, 'programas_capacitacion');
    const refusal = async (fields: Record<string, unknown>) => (await write(server, admin.token, 'POST', PROGRAMA, line(fields))).body;
    expect(await refusal({ Anio: 1999 })).toMatchObject({ statusCode: 400, message: 'El año debe estar entre 2000 y 2100' });
    expect(await refusal({ Mes: 13 })).toMatchObject({ statusCode: 400, message: 'El mes debe estar entre 1 y 12' });
    expect(await refusal({ Tema: '' })).toMatchObject({ statusCode: 400, message: 'El tema de la capacitación es requerido' });
    const missing = { Sha256: 'a'.repeat(64), Tipo: 'application/pdf' };
    expect(await refusal({ Evidencias: [{ Id: uuidV7(), Nombre: 'acta.pdf', TipoEvidencia: 'Documento', Archivo: missing, Fecha: '2026-11-20' }] })).toMatchObject({ statusCode: 409, code: 'ARCHIVO_PENDIENTE' });
    expect(await rows(server, 'programas_capacitacion')).toBe(before);
  });

  it('answers every pick list of its form, limited to what the user may see', async () => {
    const { server, admin } = test;
    const lists = ['mascaras', 'filtros', 'lista_tipos', 'lista_trabajadores', 'lista_cargos', 'lista_relatores'];
    for (const name of lists) {
      const answer = await send<{ statusCode: number; data: unknown }>(server, 'GET', `${CAPACITACIONES}/programa/listas/${name}/${ANDES.id}`, { token: admin.token });
      expect(answer.body.statusCode, name).toBe(200);
    }
    const workers = await send<{ data: unknown[] }>(server, 'GET', `${CAPACITACIONES}/programa/listas/lista_trabajadores/${ANDES.id}`, { token: admin.token });
    expect(workers.body.data).toHaveLength(20);
    const presenters = await send<{ data: { Nombre: string }[] }>(server, 'GET', `${CAPACITACIONES}/programa/listas/lista_relatores/${ANDES.id}`, { token: admin.token });
    expect(presenters.body.data.map((user) => user.Nombre)).toContain('Jorge Araya Rojas');
    expect((await send(server, 'GET', `${CAPACITACIONES}/programa/listas/mascaras/${PACIFICO.id}`, { token: admin.token })).status).toBe(403);
  });
});
