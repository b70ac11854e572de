import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MOTIVO_CODES } from '#sync/domain/epp-delivery.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { linesByReason, rawLinesByReason } from '#server/modules/epp/dashboard-lineas.ts';
import type { EppInput } from '#server/modules/epp/dashboard-datos.ts';
import { ANDES, serverForEachTest, type TestServer } from './support/api-harness.ts';
import { actaBody, actaPath, EPP, postActa, signatures } from './support/epp-factory.ts';
import { send } from './support/sync-harness.ts';

/**
 * The monthly summary rows (migration 0022, server/records/indicators/monthly-summary.ts) behind the EPP dashboard's
 * delivered lines by reason: kept by the acta's own write, so after any writes (new actas in several months and
 * reasons, an annulment, the correction that replaces it) the figure read from them equals the figure counted from
 * the actas, for whole months, ranges that cut months and a contractor's or client's own.
 */
const test = serverForEachTest();

function inputOf(server: TestServer, start: string, end: string, parties: { contractor?: string; client?: string } = {}): EppInput {
  const filters = { nv2: null, nv3: null, start, end, month: end.slice(0, 7), rutContratista: null, rutCliente: null };
  const scope = { company: ANDES.id, filters, contractor: parties.contractor ?? null, client: parties.client ?? null, today: end };
  return { deps: server.deps, scope, query: {}, viewer: { kind: 'empresa' } };
}

/** The summary as it would be rebuilt from the actas that count now: what the migration back-fills. */
async function rebuilt(server: TestServer) {
  const { rows } = await sql<{ Mes: string; Motivo: string; Rut: string; Cliente: string; Valor: number }>`
    SELECT substr(e."Fecha", 1, 7) AS "Mes", CAST(e."Motivo" AS TEXT) AS "Motivo", coalesce(e."RutContratista", '') AS "Rut",
      coalesce(e."IdCliente", '') AS "Cliente", count(*) AS "Valor"
    FROM epp_entregas e JOIN epp_entregas_lineas l ON l."IdEntregadosEpp" = e."IdEntregadosEpp"
    WHERE e."IdEmpresa" = ${ANDES.id} AND e."Anulada" = 0 AND e."Estado" <> 0
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(server.deps.db);
  return rows.map((row) => [row.Mes, row.Motivo, row.Rut, row.Cliente, Number(row.Valor)]);
}

async function kept(server: TestServer) {
  const { rows } = await sql<{ Mes: string; Dimension1: string; Dimension2: string; Dimension3: string; Valor: number }>`
    SELECT "Mes", "Dimension1", "Dimension2", "Dimension3", "Valor" FROM resumenes_mensuales
    WHERE "IdEmpresa" = ${ANDES.id} AND "Indicador" = 'epp.lineas' AND "Valor" <> 0 ORDER BY 1, 2, 3, 4`.execute(server.deps.db);
  return rows.map((row) => [row.Mes, row.Dimension1, row.Dimension2, row.Dimension3, Number(row.Valor)]);
}

const RANGES = [
  ['2024-01-01', '2026-11-21'],
  ['2026-09-01', '2026-10-31'],
  ['2026-09-15', '2026-11-02'],
  ['2026-10-03', '2026-10-20'],
  ['2025-12-31', '2026-01-01'],
] as const;

async function expectSummaryEqualsActas(server: TestServer, parties: { contractor?: string; client?: string } = {}) {
  expect(await kept(server)).toEqual(await rebuilt(server));
  for (const [start, end] of RANGES) {
    const input = inputOf(server, start, end, parties);
    const raw = await rawLinesByReason(input, start, end);
    const summed = await linesByReason(input, start, end);
    expect([start, end, Object.fromEntries([...summed].filter(([, lines]) => lines !== 0))]).toEqual([
      start,
      end,
      Object.fromEntries([...raw].map(([reason, lines]) => [Number(reason), lines]).filter(([, lines]) => lines !== 0)),
    ]);
  }
}

describe('EPP dashboard: delivered lines by reason from the monthly summary rows', () => {
  it('equals the count from the actas after new actas, an annulment and its correction, in whole and cut months', async () => {
    const { server, admin } = test;
    expect((await kept(server)).length).toBeGreaterThan(2);
    await expectSummaryEqualsActas(server);
    const signed = await signatures(server, admin.token);
    const acta = async (worker: number, Fecha: string, Motivo: number, more: Record<string, unknown> = {}) => {
      const body = await actaBody(server, { worker, signatures: signed, overrides: { Fecha, Motivo, ...more } });
      expect((await postActa(server, admin.token, body)).status).toBe(200);
      return body;
    };
    await acta(1, '2026-09-10', 2);
    await acta(2, '2026-10-01', 4);
    const wrong = await acta(3, '2026-10-15', 1);
    await acta(4, '2026-10-31', 5);
    expect((await send(server, 'DELETE', actaPath(wrong.IdEntregadosEpp), { token: admin.token })).status).toBe(200);
    await acta(3, '2026-10-16', 1, { Corrige: wrong.IdEntregadosEpp });
    await expectSummaryEqualsActas(server);
    expect((await kept(server)).some(([month, reason]) => month === '2026-10' && reason === '1')).toBe(true);
    const contractor = await server.deps.db.selectFrom('epp_entregas').select('RutContratista').where('RutContratista', 'is not', null).executeTakeFirst();
    if (contractor?.RutContratista) await expectSummaryEqualsActas(server, { contractor: contractor.RutContratista });
    const client = await server.deps.db.selectFrom('epp_entregas').select('IdCliente').where('IdCliente', 'is not', null).executeTakeFirst();
    if (client?.IdCliente) await expectSummaryEqualsActas(server, { client: client.IdCliente });

    const answer = await send<DashboardAnswer>(server, 'GET', `${EPP}/dashboard/motivo_entrega/${ANDES.id}?start=2026-09-15&end=2026-10-31`, {
      token: admin.token,
    });
    const raw = await rawLinesByReason(inputOf(server, '2026-09-15', '2026-10-31'), '2026-09-15', '2026-10-31');
    expect(answer.body.data.map((point) => point.Valor)).toEqual(MOTIVO_CODES.map((code) => raw.get(String(code)) ?? 0));
    expect(answer.body.total).toBeGreaterThanOrEqual(6);
  });
});
