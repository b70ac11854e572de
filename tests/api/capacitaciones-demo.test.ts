import { describe, expect, it } from 'vitest';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { CAPACITACIONES, CREADAS, TIPOS } from './support/capacitaciones-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();

describe('the demo company trains (server/seed/demo-capacitaciones.ts)', () => {
  it('has realistic types, a programme for this year, and realised sessions whose workers are vigentes, por vencer and vencidos today', async () => {
    const { server, admin } = test;
    const types = await send<{ data: { Nombre: string; VigenciaMeses: number; Evaluada: number }[] }>(server, 'GET', TIPOS, { token: admin.token });
    expect(types.body.data.map((type) => type.Nombre)).toEqual(expect.arrayContaining(['Inducción hombre nuevo', 'Trabajo en altura física', 'Uso y cuidado de EPP', 'Manejo defensivo', 'Primeros auxilios']));
    expect(types.body.data.find((type) => type.Nombre === 'Inducción hombre nuevo')).toMatchObject({ VigenciaMeses: 0, Evaluada: 0 });
    const plan = await send<{ data: { Anio: number; Mes: number }[] }>(server, 'GET', `${CAPACITACIONES}/programa/${ANDES.id}`, { token: admin.token });
    expect(plan.body.data.filter((line) => line.Anio === 2026).map((line) => line.Mes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const states = await send<DashboardAnswer>(server, 'GET', `${CAPACITACIONES}/dashboard/estadoVigencias/${ANDES.id}`, { token: admin.token });
    for (const point of states.body.data) expect(point.Valor, point.Nombre).toBeGreaterThan(0);
    const sessions = await send<{ data: Capacitacion[] }>(server, 'GET', `${CREADAS}/${ANDES.id}`, { token: admin.token });
    expect(sessions.body.data.filter((session) => session.Realizada === 1).length).toBeGreaterThanOrEqual(5);
    // One to give today at the worksite, where its attendance is taken.
    expect(sessions.body.data.find((session) => session.Realizada === 0 && session.Fecha === '2026-11-21')).toMatchObject({ Tema: 'Charla de seguridad: uso de arnés y línea de vida', Participantes: [] });
  });
});
