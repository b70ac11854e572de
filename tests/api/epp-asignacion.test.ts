import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { EppAsignacion } from '#sync/schemas/epp-asignaciones.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { EPP, rowCount, SEEDED_EPP } from './support/epp-factory.ts';
import { send } from './support/sync-harness.ts';
import { cargoBody, SEEDED } from './support/trabajadores-factory.ts';

const test = serverForEachTest();
type Write = { statusCode: number; message: string; code?: string; data: EppAsignacion };
const post = (fields: Record<string, unknown>, token = test.admin.token) => send<Write>(test.server, 'POST', `${EPP}/asignacion`, { token, body: { IdAsignacionEpp: uuidV7(), IdCargo: null, IdPersona: null, ...fields } });

async function newCargo(): Promise<string> {
  const cargo = cargoBody({ NombreCargo: `Soldador ${uuidV7().slice(-6)}` });
  expect((await send(test.server, 'POST', '/api/cargos/newcargos2', { token: test.admin.token, body: cargo })).status).toBe(200);
  return cargo.IdCargo;
}

describe('EPP assignment (spec "Assignment": epp/asignacion/{company}, asignacion/datos/{id}/{company}, POST and PUT asignacion, DELETE asignacion/{id})', () => {
  it('assigns by position and by worker, reads, edits and deletes; the required set is the positions\' plus the worker\'s own', async () => {
    const cargo = await newCargo();
    const byCargo = await post({ IdCargo: cargo, Epps: [SEEDED_EPP('casco'), SEEDED_EPP('lentes'), SEEDED_EPP('casco')] });
    expect(byCargo.body).toMatchObject({ statusCode: 200, message: 'Asignación de EPP creada correctamente', data: { IdCargo: cargo, IdPersona: null, Epps: [SEEDED_EPP('casco'), SEEDED_EPP('lentes')] } });
    const id = byCargo.body.data.IdAsignacionEpp;
    const list = await send<{ data: EppAsignacion[] }>(test.server, 'GET', `${EPP}/asignacion/${ANDES.id}`, { token: test.admin.token });
    expect(list.body.data.map((row) => row.IdAsignacionEpp)).toContain(id);
    expect((await send(test.server, 'GET', `${EPP}/asignacion/datos/${id}/${ANDES.id}`, { token: test.admin.token })).body).toEqual({ statusCode: 200, data: byCargo.body.data });

    const edited = await send<Write>(test.server, 'PUT', `${EPP}/asignacion`, { token: test.admin.token, body: { IdAsignacionEpp: id, Version: 1, Epps: [SEEDED_EPP('casco'), SEEDED_EPP('respirador')] } });
    expect(edited.body).toMatchObject({ message: 'Asignación de EPP editada correctamente', data: { Epps: [SEEDED_EPP('casco'), SEEDED_EPP('respirador')], Version: 2 } });

    // Worker 2 holds seeded position 2; give them this position too and an item of their own.
    const worker = (await test.server.deps.records.trabajadores.load(test.server.deps.db, ANDES.id, SEEDED.worker(2)))!.row;
    expect((await send(test.server, 'PUT', '/api/trabajadores/newtrabajadores2', { token: test.admin.token, body: { IdPersona: worker.IdPersona, Version: worker.Version, cargos: [...worker.cargos, cargo] } })).status).toBe(200);
    expect((await post({ IdPersona: worker.IdPersona, Epps: [SEEDED_EPP('arnes')] })).status).toBe(200);
    const people = await send<{ data: { IdPersona: string; cargos: { NombreCargo: string }[]; Epps: string[] }[] }>(test.server, 'GET', `${EPP}/epp/personas/cargos/${ANDES.id}`, { token: test.admin.token });
    const required = people.body.data.find((row) => row.IdPersona === worker.IdPersona)!;
    expect(required.cargos.map((row) => row.NombreCargo)).toEqual(expect.arrayContaining(['Maestro Carpintero']));
    // Seeded position 2: casco, lentes, guantes, zapatos, auditivo; this position: casco, respirador; their own: arnés.
    expect(new Set(required.Epps)).toEqual(new Set(['casco', 'lentes', 'guantes', 'zapatos', 'auditivo', 'respirador', 'arnes'].map((key) => SEEDED_EPP(key as 'casco'))));

    expect((await send<Write>(test.server, 'DELETE', `${EPP}/asignacion/${id}?Version=2`, { token: test.admin.token })).body).toMatchObject({ message: 'Asignación de EPP eliminada correctamente', data: { Estado: 0 } });
  });

  it('refuses an assignment of both or neither, a second one for the same target, and an unknown item, writing nothing', async () => {
    const before = await Promise.all([rowCount(test.server, 'epp_asignaciones'), rowCount(test.server, 'cambios')]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ Epps: [SEEDED_EPP('casco')] }, 400, 'Indica el cargo o el trabajador de la asignación'],
      [{ IdCargo: SEEDED.cargo(1), IdPersona: SEEDED.worker(1), Epps: [SEEDED_EPP('casco')] }, 400, 'Una asignación es de un cargo o de un trabajador, no de ambos'],
      [{ IdCargo: SEEDED.cargo(1), Epps: [SEEDED_EPP('casco')] }, 409, 'Ese cargo ya tiene su asignación de EPP: edítala'],
      [{ IdPersona: SEEDED.worker(1), Epps: [SEEDED_EPP('lentes')] }, 409, 'Ese trabajador ya tiene su asignación de EPP: edítala'],
      [{ IdPersona: SEEDED.worker(3), Epps: [] }, 400, 'Elige al menos un EPP'],
      [{ IdPersona: SEEDED.worker(3), Epps: [uuidV7()] }, 400, 'Uno de los EPP indicados no existe en el catálogo'],
      [{ IdCargo: uuidV7(), Epps: [SEEDED_EPP('casco')] }, 400, 'El cargo indicado no existe'],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await post(fields);
      expect(answer.status, message).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect(await Promise.all([rowCount(test.server, 'epp_asignaciones'), rowCount(test.server, 'cambios')])).toEqual(before);
  });

  it('answers the lists the screens pick from, a contractor seeing only its workers', async () => {
    const cargos = await send<{ data: { NombreCargo: string; Nivel2: string | null }[] }>(test.server, 'GET', `${EPP}/lista_cargos/${ANDES.id}`, { token: test.admin.token });
    expect(cargos.body.data.find((row) => row.NombreCargo === 'Eléctrico')).toMatchObject({ Nivel2: expect.any(String) });
    const levels = await send<{ data: { IdPersona: string; Nivel2: string | null; RutContratista: string | null }[] }>(test.server, 'GET', `${EPP}/lista_trabajadores_niveles/${ANDES.id}`, { token: test.admin.token });
    expect(levels.body.data).toHaveLength(20);
    expect(levels.body.data[0]!.Nivel2).toEqual(expect.any(String));
    const simple = await send<{ data: unknown[] }>(test.server, 'GET', `${EPP}/lista_trabajadores/${ANDES.id}`, { token: test.admin.token });
    expect(simple.body.data).toHaveLength(20);

    const contractor = await test.server.login('contratista@andesdemo.cl');
    const own = await send<{ data: { RutContratista: string | null }[] }>(test.server, 'GET', `${EPP}/lista_trabajadores_niveles/${ANDES.id}`, { token: contractor.token });
    expect(own.body.data.length).toBe(5);
    expect(own.body.data.every((row) => row.RutContratista === SEEDED.contractorRut)).toBe(true);
  });

  it("is scoped to the token's company and to roles with assignments", async () => {
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const seeded = seedId(ANDES.id, 'asignacion-cargo', 1);
    expect((await send<{ data: unknown }>(test.server, 'GET', `${EPP}/asignacion/datos/${seeded}/${PACIFICO.id}`, { token: pacifico.token })).body.data).toBeNull();
    expect((await send(test.server, 'GET', `${EPP}/asignacion/datos/${seeded}/${ANDES.id}`, { token: pacifico.token })).status).toBe(403);
    expect((await send(test.server, 'DELETE', `${EPP}/asignacion/${seeded}`, { token: pacifico.token })).status).toBe(404);
    const supervisor = await test.server.login('supervisor@andesdemo.cl');
    expect((await post({ IdPersona: SEEDED.worker(3), Epps: [SEEDED_EPP('casco')] }, supervisor.token)).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
  });
});
