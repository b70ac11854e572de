import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey, send } from './support/sync-harness.ts';
import {
  count,
  FORMULARIOS,
  get,
  INSPECCIONES,
  post,
  remove,
  SEEDED_TEMPLATES,
  templateBody,
  templateContent,
  type Answer,
} from './support/inspecciones-factory.ts';

type Session = { token: string; userId: number };
let server: TestServer;
let admin: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

const put = (id: string, body: unknown, token = admin.token) =>
  send<Answer<Formulario>>(server, 'PUT', `${FORMULARIOS}/${id}`, { token, body });
const list = (token: string, query = '') => get<{ statusCode: number; data: Formulario[] }>(server, token, `${FORMULARIOS}${query}`);
const one = (token: string, id: string, query = '') => get<Answer<Formulario>>(server, token, `${FORMULARIOS}/one/${id}${query}`);

async function lastChange() {
  const row = await server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
  return {
    table: row.Tabla,
    id: row.IdRegistro,
    op: row.Operacion,
    audience: row.Audiencia,
    row: row.Fila === null ? null : (JSON.parse(row.Fila) as Formulario),
  };
}

describe('templates: reading', () => {
  it('lists the three demo templates to the supervisor (who inspects) with their newest content, and filters by type', async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    const all = await list(supervisor.token);
    expect(all.status).toBe(200);
    expect(all.body.data.map((template) => [template.Nombre, template.Tipo, template.VersionFormulario])).toEqual([
      ['Inspección de herramientas y equipos', 'inspeccion', 1],
      ['Observación de conducta', 'observacion', 1],
      ['Trabajo en altura', 'inspeccion', 1],
    ]);
    const statements = (template: Formulario) => template.Contenido.Items.flatMap((item) => item.Enunciados);
    expect(all.body.data.map((template) => statements(template).length)).toEqual([20, 15, 30]);
    const heights = all.body.data.find((template) => template.IdFormulario === SEEDED_TEMPLATES.altura)!;
    expect(heights.Contenido.ColumnasEncabezado).toBe(2);
    expect(statements(heights).some((statement) => statement.Subpreguntas.length > 0)).toBe(true);
    expect(new Set(statements(heights).map((statement) => statement.Ponderacion)).size).toBeGreaterThan(1);
    const behaviour = await list(supervisor.token, '?tipo=observacion&IdEmpresa=77654321');
    expect(behaviour.body.data.map((template) => template.IdFormulario)).toEqual([SEEDED_TEMPLATES.conducta]);
    expect((await list(supervisor.token, '?tipo=otro')).body).toMatchObject({
      statusCode: 400,
      message: 'El tipo de formulario debe ser inspección, observación o varios',
    });
  });

  it('answers one template, its grade ranges, and 404s for unknown ids, and for every id to another company', async () => {
    const res = await one(admin.token, SEEDED_TEMPLATES.herramientas);
    expect(res.body).toMatchObject({
      statusCode: 200,
      data: { IdFormulario: SEEDED_TEMPLATES.herramientas, IdEmpresa: ANDES.id, Estado: 1, Version: 1 },
    });
    const ranges = await get<Answer<unknown>>(server, admin.token, `${INSPECCIONES}/Rangos/${SEEDED_TEMPLATES.herramientas}`);
    expect(ranges.body).toEqual({ statusCode: 200, data: DEFAULT_RANGOS });
    expect((await one(admin.token, '018f0000-0000-7000-8000-000000000000')).body).toEqual({
      statusCode: 404,
      message: 'Formulario no encontrado',
    });

    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await list(pacifico.token)).body.data).toEqual([]);
    expect((await list(pacifico.token, `?IdEmpresa=${ANDES.id}`)).body.data).toEqual([]);
    expect((await one(pacifico.token, SEEDED_TEMPLATES.herramientas)).status).toBe(404);
    expect((await get(server, pacifico.token, `${INSPECCIONES}/Rangos/${SEEDED_TEMPLATES.herramientas}`)).status).toBe(404);
  });

  it('refuses a role with no template, inspection or observation permission', async () => {
    await server.deps.db
      .deleteFrom('rol_permisos')
      .where(
        'IdRol',
        '=',
        (
          await server.deps.db
            .selectFrom('usuarios')
            .select('IdRol')
            .where('CorreoElectronicoPersona', '=', 'cliente@andesdemo.cl')
            .executeTakeFirstOrThrow()
        ).IdRol,
      )
      .execute();
    const client = await server.login('cliente@andesdemo.cl');
    expect((await list(client.token)).body).toEqual({
      statusCode: 403,
      message: 'No tienes permiso para realizar esta acción.',
      code: 'SIN_PERMISO',
    });
  });
});

describe('templates: writing', () => {
  it('creates version 1 with the notice, logs it for every device, and replays the same key once', async () => {
    const body = templateBody();
    const key = newKey();
    const res = await post<Formulario>(server, admin.token, FORMULARIOS, body, key);
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Formulario creado correctamente',
      data: {
        IdFormulario: body.IdFormulario,
        IdEmpresa: ANDES.id,
        Estado: 1,
        VersionFormulario: 1,
        Version: 1,
        Contenido: body.Contenido,
      },
    });
    expect(await lastChange()).toEqual({
      table: 'formularios',
      id: body.IdFormulario,
      op: 'upsert',
      audience: 'todos',
      row: res.body.data,
    });
    const again = await post(server, admin.token, FORMULARIOS, body, key);
    expect(again.body).toEqual(res.body);
    expect(await count(server, 'formulario_versiones')).toBe(4);
    expect((await one(admin.token, body.IdFormulario)).body.data).toEqual(res.body.data);
  });

  it('CF6: the same id under another key is a conflict, kept in conflictos', async () => {
    const body = templateBody();
    await post(server, admin.token, FORMULARIOS, body);
    const clash = await post(server, admin.token, FORMULARIOS, { ...body, Nombre: 'Otro' }, newKey());
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CONFLICTO', data: { Nombre: 'Inspección de grúa horquilla' } });
    expect(await count(server, 'conflictos')).toBe(1);
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const foreign = await post(server, pacifico.token, FORMULARIOS, { ...body, Nombre: 'Robado' });
    expect(foreign.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: null });
  });

  it('refuses bad templates with the Spanish message and writes nothing', async () => {
    const before = [await count(server, 'formularios'), await count(server, 'cambios')];
    const cases: [unknown, string][] = [
      [{ ...templateBody(), Nombre: '  ' }, 'El nombre del formulario es requerido'],
      [{ ...templateBody(), Tipo: 'auditoria' }, 'El tipo de formulario debe ser inspección, observación o varios'],
      [{ ...templateBody(), Contenido: templateContent({ Items: [] }) }, 'El formulario debe tener al menos un ítem con un enunciado'],
      [
        { ...templateBody(), Contenido: templateContent({ Rangos: DEFAULT_RANGOS.slice(1) }) },
        'Los rangos de nota deben cubrir de 0 a 100 % sin vacíos ni superposiciones',
      ],
      [
        { ...templateBody(), Contenido: templateContent({ ColumnasEncabezado: 3 as never }) },
        'El encabezado se muestra en una o dos columnas',
      ],
      [
        {
          ...templateBody(),
          Contenido: templateContent({
            Items: [
              {
                IdItem: 'i1',
                Nombre: 'Uno',
                Enunciados: [
                  { IdEnunciado: 'e1', Texto: 'A', Ponderacion: 1, Subpreguntas: [] },
                  { IdEnunciado: 'e1', Texto: 'B', Ponderacion: 1, Subpreguntas: [] },
                ],
              },
            ],
          }),
        },
        'Los identificadores de ítems, enunciados y campos deben ser únicos',
      ],
      [
        {
          ...templateBody(),
          Contenido: templateContent({
            Items: [{ IdItem: 'i1', Nombre: 'Uno', Enunciados: [{ IdEnunciado: 'e1', Texto: 'A', Ponderacion: 0, Subpreguntas: [] }] }],
          }),
        },
        'La ponderación debe ser un número entero entre 1 y 100',
      ],
    ];
    for (const [body, message] of cases)
      expect((await post(server, admin.token, FORMULARIOS, body)).body, message).toMatchObject({ statusCode: 400, message });
    expect([await count(server, 'formularios'), await count(server, 'cambios')]).toEqual(before);
  });

  it('is refused to roles without Formularios: the supervisor reads templates but cannot write them', async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await post(server, supervisor.token, FORMULARIOS, templateBody())).body).toMatchObject({
      statusCode: 403,
      code: 'SIN_PERMISO',
    });
    expect(
      (await put(SEEDED_TEMPLATES.altura, { IdFormulario: SEEDED_TEMPLATES.altura, Version: 1, Nombre: 'X' }, supervisor.token)).status,
    ).toBe(403);
    expect((await remove(server, supervisor.token, `${FORMULARIOS}/${SEEDED_TEMPLATES.altura}`)).status).toBe(403);
  });
});

describe('templates: versions, merge and retirement', () => {
  it('a new Contenido makes the next immutable version; the old one stays readable; other fields keep the version', async () => {
    const body = templateBody();
    await post(server, admin.token, FORMULARIOS, body);
    const content2 = templateContent({
      Rangos: [
        { Desde: 0, Hasta: 50, Nota: 2 },
        { Desde: 50, Hasta: 100, Nota: 6 },
      ],
    });
    const edited = await put(body.IdFormulario, { IdFormulario: body.IdFormulario, Version: 1, Contenido: content2 });
    expect(edited.body).toMatchObject({
      statusCode: 200,
      message: 'Formulario editado correctamente',
      data: { VersionFormulario: 2, Version: 2, Contenido: content2 },
    });
    const renamed = await put(body.IdFormulario, { IdFormulario: body.IdFormulario, Version: 2, Nombre: 'Grúa horquilla (diaria)' });
    expect(renamed.body.data).toMatchObject({ Nombre: 'Grúa horquilla (diaria)', VersionFormulario: 2, Version: 3 });

    expect((await one(admin.token, body.IdFormulario, '?version=1')).body.data).toMatchObject({
      VersionFormulario: 1,
      Contenido: body.Contenido,
      Nombre: 'Grúa horquilla (diaria)',
    });
    expect((await one(admin.token, body.IdFormulario)).body.data).toMatchObject({ VersionFormulario: 2, Contenido: content2 });
    expect((await one(admin.token, body.IdFormulario, '?version=3')).body).toEqual({
      statusCode: 404,
      message: 'La versión del formulario no existe',
    });
    const ranges = await get<Answer<unknown>>(server, admin.token, `${INSPECCIONES}/Rangos/${body.IdFormulario}`);
    expect(ranges.body.data).toEqual(content2.Rangos);
    // Versions are immutable in the database itself, not only in the code.
    await expect(
      server.deps.db.updateTable('formulario_versiones').set({ Contenido: '{}' }).where('IdFormulario', '=', body.IdFormulario).execute(),
    ).rejects.toThrow(/no se modifica/);
  });

  it('merges a stale edit of another field, keeps a stale edit of the same field as a conflict, ignores unchanged fields', async () => {
    const body = templateBody();
    await post(server, admin.token, FORMULARIOS, body);
    await put(body.IdFormulario, { IdFormulario: body.IdFormulario, Version: 1, Contenido: templateContent({ ColumnasEncabezado: 1 }) });
    const merged = await put(body.IdFormulario, { IdFormulario: body.IdFormulario, Version: 1, Descripcion: 'Antes de cada turno' });
    expect(merged.body.data).toMatchObject({ Descripcion: 'Antes de cada turno', VersionFormulario: 2, Version: 3 });
    const stale = await put(body.IdFormulario, {
      IdFormulario: body.IdFormulario,
      Version: 1,
      Contenido: templateContent({ ColumnasEncabezado: 2, CamposEncabezado: [] }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICTO', data: { VersionFormulario: 2, Version: 3 } });
    const same = await put(body.IdFormulario, { IdFormulario: body.IdFormulario, Version: 3, Nombre: body.Nombre });
    expect(same.body.data).toMatchObject({ Version: 3 });
    expect((await put(body.IdFormulario, { IdFormulario: body.IdFormulario, Version: 3, Nombre: '' })).body).toMatchObject({
      statusCode: 400,
      message: 'El nombre del formulario es requerido',
    });
  });

  it('retires with Estado 0 as an upsert (devices keep it for started drafts); again is 200; stale or edited-after is a conflict', async () => {
    const body = templateBody();
    await post(server, admin.token, FORMULARIOS, body);
    expect((await remove(server, admin.token, `${FORMULARIOS}/${body.IdFormulario}?Version=7`)).status).toBe(409);
    const retired = await remove(server, admin.token, `${FORMULARIOS}/${body.IdFormulario}?Version=1`);
    expect(retired.body).toMatchObject({ statusCode: 200, message: 'Formulario retirado correctamente', data: { Estado: 0, Version: 2 } });
    expect(await lastChange()).toMatchObject({ table: 'formularios', id: body.IdFormulario, op: 'upsert', row: { Estado: 0, Version: 2 } });
    expect((await remove(server, admin.token, `${FORMULARIOS}/${body.IdFormulario}`)).status).toBe(200);
    expect((await put(body.IdFormulario, { IdFormulario: body.IdFormulario, Version: 2, Nombre: 'Revivido' })).status).toBe(409);
    expect((await list(admin.token)).body.data.find((template) => template.IdFormulario === body.IdFormulario)).toMatchObject({
      Estado: 0,
    });
  });

  it('never reaches another company: edits and retirements of Andes templates are 404 for Pacífico', async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect(
      (await put(SEEDED_TEMPLATES.altura, { IdFormulario: SEEDED_TEMPLATES.altura, Version: 1, Nombre: 'X' }, pacifico.token)).status,
    ).toBe(404);
    expect((await remove(server, pacifico.token, `${FORMULARIOS}/${SEEDED_TEMPLATES.altura}`)).status).toBe(404);
    expect((await one(admin.token, SEEDED_TEMPLATES.altura)).body.data).toMatchObject({
      Nombre: 'Trabajo en altura',
      Estado: 1,
      Version: 1,
    });
  });
});
