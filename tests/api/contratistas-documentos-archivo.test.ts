import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { ANDES, PACIFICO, serverForEachTest } from './support/api-harness.ts';
import { putFile, send, sha256Hex } from './support/sync-harness.ts';

/**
 * Opening an uploaded requirement document (issue 37): the document's detail signs the addresses of its file and of
 * its renewal's, for whoever may see the document. Rule id in server/modules/contratistas/README.md.
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';
const CONTRACTOR = '78945612-7';

type Doc = { IdDocumento: string; IdRequisito: string; RutContratista: string; Urls?: Record<string, string> };
type Answer<T = Record<string, unknown>> = { statusCode: number; message: string; code?: string; data: T };

async function call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, token: string, body?: object) {
  return send<Answer<T>>(test.server, method, `${BASE}${path}`, { token, body });
}

/** A small PDF with the binary comment line real ones carry, so a text round trip would show. */
function pdfBytes(label: string): Uint8Array<ArrayBuffer> {
  const text = (part: string) => [...Buffer.from(part, 'latin1')];
  return new Uint8Array([
    ...text('%PDF-1.4\n%'),
    0xe2, 0xe3, 0xcf, 0xd3, 0x0a, 0x00, 0xff,
    ...text(`\n1 0 obj\n<< /Type /Catalog /Title (${label}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`),
  ]);
}

async function upload(token: string, bytes: Uint8Array<ArrayBuffer>, type: FileRef['Tipo']): Promise<FileRef> {
  expect((await putFile(test.server, token, bytes, type)).status).toBe(201);
  return { Sha256: sha256Hex(bytes), Tipo: type };
}

/** A contractor user of another contractor RUT of the same company, with the demo contractor's role. */
async function otherContractor(): Promise<string> {
  const { db } = test.server.deps;
  const demo = await db.selectFrom('usuarios').selectAll().where('CorreoElectronicoPersona', '=', 'contratista@andesdemo.cl').executeTakeFirstOrThrow();
  const { IdUsuario: _id, ...fields } = demo;
  await db
    .insertInto('usuarios')
    .values({ ...fields, CorreoElectronicoPersona: 'otra@contratista.cl', RunPersona: '11111111-1', IdContratista: '11111111-1', DebeCambiarContrasena: 0 })
    .execute();
  return (await test.server.login('otra@contratista.cl')).token;
}

/** A company deed asked by a fresh contract of the demo contractor: its pending document. */
async function pendingDeed(): Promise<Doc> {
  const admin = test.admin.token;
  const rule = {
    IdRequisito: uuidV7(), Nombre: 'Escritura de la sociedad', Aplicacion: 'empresa', Frecuencia: 'unica', TipoRequisito: 'Documento',
    PeriodoMeses: 12, Obligatorio: 1,
  };
  expect((await call('POST', `/requisitos/${ANDES.id}`, admin, rule)).body.statusCode).toBe(200);
  const level = (await call<{ IdNivel2: string }[]>('GET', `/contrato/${ANDES.id}`, admin)).body.data[0]!.IdNivel2;
  const contract = {
    IdContrato: uuidV7(), Nombre: 'Mantención eléctrica', RutContratista: CONTRACTOR, FechaInicio: '2026-11-01', FechaTermino: '2027-10-31',
    IdNivel2: level, Requisitos: [rule.IdRequisito],
  };
  expect((await call('POST', `/contrato/${ANDES.id}`, admin, contract)).body.statusCode).toBe(200);
  const docs = (await call<Doc[]>('GET', `/gestion-requisitos/${ANDES.id}`, admin)).body.data;
  return docs.find((doc) => doc.IdRequisito === rule.IdRequisito && doc.RutContratista === CONTRACTOR)!;
}

describe('opening an uploaded requirement document (CT-DOC3)', () => {
  it('CT-DOC3: the detail signs the links of the document and its renewal, which answer the uploaded bytes; no one else gets them', async () => {
    const admin = test.admin.token;
    const contractor = (await test.server.login('contratista@andesdemo.cl')).token;
    const deed = await pendingDeed();
    const path = `/gestion-requisitos/${ANDES.id}/${deed.IdDocumento}`;
    const transition = async (name: string, token: string, body?: object) => (await call('POST', `${path}${name}`, token, body)).body;

    expect((await call<Doc>('GET', path, admin)).body.data.Urls).toEqual({});
    const bytes = pdfBytes('Escritura');
    const file = await upload(contractor, bytes, 'application/pdf');
    expect(await transition('/documento', contractor, { Archivo: file, FechaEmision: '2026-11-02' })).toMatchObject({ statusCode: 200 });

    const detail = (await call<Doc>('GET', path, admin)).body.data;
    expect(detail).toMatchObject({ IdDocumento: deed.IdDocumento, Archivo: file });
    expect(Object.keys(detail.Urls!)).toEqual([file.Sha256]);
    // The signed link is the credential: no session is sent with it.
    const opened = await test.server.app.request(detail.Urls![file.Sha256]!);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('Content-Type')).toBe('application/pdf');
    expect(Buffer.from(await opened.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    // A renewal over the approved one: both files are signed while the renewal waits.
    expect(await transition('/revision', admin)).toMatchObject({ statusCode: 200 });
    expect(await transition('/aprobar', admin, {})).toMatchObject({ statusCode: 200 });
    const renewal = await upload(contractor, pdfBytes('Escritura renovada'), 'application/pdf');
    expect(await transition('/documento', contractor, { Archivo: renewal, FechaEmision: '2026-11-03' })).toMatchObject({ statusCode: 200 });
    const renewing = (await call<Doc>('GET', path, contractor)).body.data;
    expect(renewing).toMatchObject({ Archivo: file, Renovacion: { Archivo: renewal } });
    expect(Object.keys(renewing.Urls!).sort()).toEqual([file.Sha256, renewal.Sha256].sort());

    expect((await call('GET', path, await otherContractor())).body).toEqual({ statusCode: 200, data: null });
    const pacifico = await test.server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const foreign = await call('GET', path, pacifico.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.data).toBeUndefined();
  });
});
