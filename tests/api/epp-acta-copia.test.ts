import { describe, expect, it } from 'vitest';
import { TRABAJADORES_MESSAGES, type Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import { sendOwedCopies } from '#server/modules/epp/acta-copia.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { actaBody, postActa, seededWorker, signatures } from './support/epp-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();
const WORKERS = '/api/trabajadores/newtrabajadores2';
const CONSENT = '2026-11-20T15:04:00.000Z';

async function setEmail(n: number, fields: Partial<Pick<Trabajador, 'CorreoPersonal' | 'ConsentimientoCorreo'>>) {
  const worker = await seededWorker(test.server, n);
  return send<{ statusCode: number; message: string; data: Trabajador }>(test.server, 'PUT', WORKERS, {
    token: test.admin.token,
    body: { IdPersona: worker.IdPersona, Version: worker.Version, ...fields },
  });
}

async function signActa(n: number) {
  const body = await actaBody(test.server, { worker: n, signatures: await signatures(test.server, test.admin.token) });
  expect((await postActa(test.server, test.admin.token, body)).status).toBe(200);
  return body;
}

const mails = () =>
  test.server.deps.db.selectFrom('correos').selectAll().where('AdjuntoSha256', 'is not', null).orderBy('IdCorreo').execute();

describe("the worker's own copy of each signed acta", () => {
  it('keeps a personal e-mail only with the consent recorded, and refuses a malformed one', async () => {
    expect((await setEmail(2, { CorreoPersonal: 'ana.perez@correo.cl' })).body).toMatchObject({
      statusCode: 400,
      message: TRABAJADORES_MESSAGES.emailConsentRequired,
    });
    expect((await setEmail(2, { CorreoPersonal: 'ana.perez@', ConsentimientoCorreo: CONSENT })).body).toMatchObject({
      statusCode: 400,
      message: TRABAJADORES_MESSAGES.emailInvalid,
    });
    const saved = await setEmail(2, { CorreoPersonal: ' Ana.Perez@Correo.cl ', ConsentimientoCorreo: CONSENT });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ CorreoPersonal: 'ana.perez@correo.cl', ConsentimientoCorreo: CONSENT });
    // Withdrawing the consent keeps the address and stops the copies; clearing the address needs no consent.
    expect((await setEmail(2, { ConsentimientoCorreo: null })).body).toMatchObject({
      statusCode: 400,
      message: TRABAJADORES_MESSAGES.emailConsentRequired,
    });
    expect((await setEmail(2, { CorreoPersonal: '', ConsentimientoCorreo: null })).body.data).toMatchObject({
      CorreoPersonal: '',
      ConsentimientoCorreo: null,
    });
  });

  it('mails the signed acta as its PDF to a worker who agreed, after the acta is stored, exactly once', async () => {
    await setEmail(2, { CorreoPersonal: 'ana.perez@correo.cl', ConsentimientoCorreo: CONSENT });
    const acta = await signActa(2);
    await signActa(3); // no address on file: no copy
    const owed = await test.server.deps.db.selectFrom('copias_actas').selectAll().execute();
    expect(owed.map((copy) => [copy.IdEntregadosEpp, copy.Para])).toEqual([[acta.IdEntregadosEpp, 'ana.perez@correo.cl']]);

    expect(await sendOwedCopies(test.server.deps)).toBe(1);
    expect(await sendOwedCopies(test.server.deps)).toBe(0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      Para: 'ana.perez@correo.cl',
      Estado: 'guardado',
      AdjuntoNombre: `acta-epp-2026-11-21-${acta.IdEntregadosEpp.slice(-8)}.pdf`,
    });
    expect(sent[0]!.Asunto).toBe('Tu acta de entrega de EPP del 21/11/2026 · Constructora Andes Demo SpA');
    expect(sent[0]!.Texto).toContain('autorizaste');
    const pdf = await test.server.deps.files.get(sent[0]!.AdjuntoSha256!);
    expect(pdf?.type).toBe('application/pdf');
    expect(Buffer.from(pdf!.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await test.server.deps.db.selectFrom('copias_actas').selectAll().execute()).toEqual([]);

    // The local mailbox offers the attachment to download.
    const page = await test.server.request<string>('GET', '/buzon', { remoteAddress: '127.0.0.1' });
    expect(page.body).toContain(`download="${sent[0]!.AdjuntoNombre}"`);
  });

  it('sends nothing for an acta annulled before its copy left', async () => {
    await setEmail(4, { CorreoPersonal: 'pedro@correo.cl', ConsentimientoCorreo: CONSENT });
    const acta = await signActa(4);
    expect(
      (await send(test.server, 'DELETE', `/api/epp/one/${ANDES.id}/${acta.IdEntregadosEpp}?Version=1`, { token: test.admin.token })).status,
    ).toBe(200);
    expect(await sendOwedCopies(test.server.deps)).toBe(0);
    expect(await mails()).toEqual([]);
    expect(await test.server.deps.db.selectFrom('copias_actas').selectAll().execute()).toEqual([]);
  });
});
