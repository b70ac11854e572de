import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { engineOf } from '#server/db/engine.ts';
import { describe, expect, it } from 'vitest';
import { formatRut } from '#sync/domain/rut.ts';
import type { EppActaReportData, EppVerification } from '#sync/schemas/epp-entregas.schema.ts';
import { ANDES, startTestServer } from './support/api-harness.ts';
import { actaBody, actaPath, EPP, postActa, signatures } from './support/epp-factory.ts';
import { send } from './support/sync-harness.ts';

/** Drops a trigger that protects sealed actas, as someone with the database in hand could (each engine's syntax). */
async function dropTrigger(db: Db, name: string, table: string) {
  await (engineOf(db) === 'postgres' ? sql`DROP TRIGGER ${sql.id(name)} ON ${sql.table(table)}` : sql`DROP TRIGGER ${sql.id(name)}`).execute(db);
}

/** The acta's stored deliverer with another name, as JSON text to write behind the application's back. */
async function delivererNamed(db: Db, id: string, Nombre: string): Promise<string> {
  const row = await db.selectFrom('epp_entregas').select('Entregador').where('IdEntregadosEpp', '=', id).executeTakeFirstOrThrow();
  return JSON.stringify({ ...(JSON.parse(row.Entregador) as object), Nombre });
}

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-acta-'));
  const file = path.join(dir, 'acta.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the acta verified years later, signed out (GET /api/verificar/{codigo}) and printed (/pdf/epp)', () => {
  it('EP4: says whether the acta exists, whether its seal still matches, whether it was annulled and when the server received it, without a session', async () => {
    const server = await startTestServer({ VERIFICATION_BASE_URL: 'https://hse.andesdemo.cl' });
    try {
      const admin = await server.login('admin@andesdemo.cl');
      const body = await actaBody(server, { worker: 2, signatures: await signatures(server, admin.token) });
      await postActa(server, admin.token, body);
      const check = (code: string) =>
        server.request<{ statusCode: number; message?: string; data?: EppVerification }>('GET', `/api/verificar/${code}`);

      const valid = await check(body.Sello);
      expect(valid.status).toBe(200);
      expect(valid.body.data).toEqual({
        Codigo: body.Sello,
        Empresa: 'Constructora Andes Demo SpA',
        Fecha: body.Fecha,
        Lineas: 2,
        SelloCoincide: true,
        VersionSello: 2,
        Anulada: false,
        AnuladaEn: null,
        RecibidoEn: server.clock.now().toISOString(),
      });
      // Nothing personal beyond the paper: no name, RUT, signatures or items.
      expect(JSON.stringify(valid.body)).not.toMatch(
        new RegExp(`${body.RunPersona}|${body.NombreTrabajador}|${body.FirmaTrabajador.Sha256}`),
      );

      const oneCharacterOff = `${body.Sello.slice(0, -1)}${body.Sello.endsWith('0') ? '1' : '0'}`;
      expect(await check(oneCharacterOff)).toEqual({
        status: 404,
        body: { statusCode: 404, message: 'No existe un acta de entrega con ese código', code: 'NO_ENCONTRADA' },
      });
      expect((await check('no-es-un-codigo')).status).toBe(404);

      await send(server, 'DELETE', actaPath(body.IdEntregadosEpp), { token: admin.token });
      expect((await check(body.Sello)).body.data).toMatchObject({
        Anulada: true,
        AnuladaEn: server.clock.now().toISOString(),
        SelloCoincide: true,
      });

      // A row changed behind the application's back (triggers dropped) no longer matches its seal.
      await dropTrigger(server.deps.db, 'epp_entregas_lineas_selladas', 'epp_entregas_lineas');
      await sql`UPDATE epp_entregas_lineas SET "Cantidad" = 5 WHERE "IdEntregadosEpp" = ${body.IdEntregadosEpp}`.execute(server.deps.db);
      expect((await check(body.Sello)).body.data).toMatchObject({ SelloCoincide: false });
    } finally {
      await server.close();
    }
  });

  it("EP6: answers the version each acta was sealed under; a version-2 acta whose names change behind the application's back no longer matches; a " +
    "version-1 acta still verifies", async () => {
    const server = await startTestServer();
    try {
      const admin = await server.login('admin@andesdemo.cl');
      const sigs = await signatures(server, admin.token);
      const current = await actaBody(server, { worker: 2, signatures: sigs });
      const legacy = await actaBody(server, { worker: 3, signatures: sigs, deliverer: 'tipeado' });
      for (const body of [current, legacy]) expect((await postActa(server, admin.token, body)).status).toBe(200);
      const check = async (code: string) => (await server.request<{ data: EppVerification }>('GET', `/api/verificar/${code}`)).body.data;
      expect(await check(current.Sello)).toMatchObject({ SelloCoincide: true, VersionSello: 2 });
      expect(await check(legacy.Sello)).toMatchObject({ SelloCoincide: true, VersionSello: 1 });

      // Triggers dropped: the worker's or the deliverer's name changed in the database shows.
      await dropTrigger(server.deps.db, 'epp_entregas_selladas', 'epp_entregas');
      const tamper = (changes: { NombreTrabajador?: string; Entregador?: string; VersionSello?: number }) =>
        server.deps.db.updateTable('epp_entregas').set(changes).where('IdEntregadosEpp', '=', current.IdEntregadosEpp).execute();
      await tamper({ NombreTrabajador: 'Persona Inventada' });
      expect(await check(current.Sello)).toMatchObject({ SelloCoincide: false, VersionSello: 2 });
      await tamper({
        NombreTrabajador: current.NombreTrabajador,
        Entregador: await delivererNamed(server.deps.db, current.IdEntregadosEpp, 'Gerente General'),
      });
      expect(await check(current.Sello)).toMatchObject({ SelloCoincide: false });
      // Nor may an acta be passed off as sealed under the older form that named no one.
      const signedName = await delivererNamed(server.deps.db, current.IdEntregadosEpp, current.Entregador.Nombre);
      await tamper({ Entregador: signedName, VersionSello: 1 });
      expect(await check(current.Sello)).toMatchObject({ SelloCoincide: false, VersionSello: 1 });
    } finally {
      await server.close();
    }
  });

  it("EP4: the session carries the server's verification address, and the acta's report links it in its QR; the server draws the same PDF", async () => {
    const server = await startTestServer({ VERIFICATION_BASE_URL: 'https://hse.andesdemo.cl/' });
    try {
      const login = await server.request<{ token: string; urlVerificacion: string }>('POST', '/api/auth/login', {
        body: { RutEmpresa: ANDES.rut, Correo: 'admin@andesdemo.cl', Contrasena: 'Andes.2026' },
      });
      expect(login.body.urlVerificacion).toBe('https://hse.andesdemo.cl');
      const token = login.body.token;
      const body = await actaBody(server, { worker: 3, signatures: await signatures(server, token), overrides: { Motivo: 4 } });
      await postActa(server, token, body);
      const report = await send<{ data: EppActaReportData | null }>(
        server,
        'GET',
        `${EPP}/entregados/acta/${ANDES.id}/${body.IdEntregadosEpp}`,
        { token },
      );
      expect(report.body.data).toMatchObject({
        Trabajador: { Rut: body.RunPersona },
        Motivo: 'Inicio de temporada',
        Sello: body.Sello,
        UrlVerificacion: `https://hse.andesdemo.cl/verificar/${body.Sello}`,
      });
      expect(
        (await send<{ data: unknown }>(server, 'GET', `${EPP}/entregados/acta/${ANDES.id}/${crypto.randomUUID()}`, { token })).body.data,
      ).toBeNull();

      const pdf = await server.app.request(`${EPP}/entregados/acta/${ANDES.id}/${body.IdEntregadosEpp}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf' },
      });
      expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
      const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
      expect(text).toContain(formatRut(body.RunPersona));
      expect(text).toContain('Casco de seguridad');
      expect(text).toContain('Guantes de cabritilla');
      expect(text).toContain('Inicio de temporada');
      expect(text).toContain(body.Sello);
    } finally {
      await server.close();
    }
  });
});
