import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeCompliance } from '#sync/domain/compliance.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { Correccion } from '#sync/schemas/inspecciones-correccion.schema.ts';
import type { Inspeccion, InspeccionCreateBody } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey, send, sendBatch } from './support/sync-harness.ts';
import {
  type Answer,
  count,
  footprint,
  FORMULARIOS,
  get,
  INSPECCIONES,
  inspectionBody,
  post,
  REPORT,
  templateBody,
  today,
  uploadImage,
} from './support/inspecciones-factory.ts';

type Session = { token: string; userId: number };
type Corrected = Answer<Inspeccion> & { observaciones: Observacion[]; correccion: Correccion | null };
type Detail = Answer<Inspeccion> & { observaciones: Observacion[]; obsgenerales: Observacion[]; correcciones: Correccion[] };

let server: TestServer;
let admin: Session;
let supervisor: Session;
let template: Formulario;
let sent: InspeccionCreateBody;
let failedObservation: Observacion;

const STATEMENT_E2 = 'Luces y alarma de retroceso funcionan';

beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  supervisor = await server.login('supervisor@andesdemo.cl');
  const signature: FileRef = await uploadImage(server, supervisor.token, 'firma');
  template = (await post<Formulario>(server, admin.token, FORMULARIOS, templateBody())).body.data;
  sent = inspectionBody(template, { signature, answers: { e2: 2 } });
  const created = await post<Inspeccion>(server, supervisor.token, INSPECCIONES, sent);
  expect(created.status).toBe(200);
  failedObservation = (created.body.observaciones as Observacion[])[0]!;
});
afterEach(async () => {
  await server.close();
});

const url = () => `${INSPECCIONES}/${sent.IdEvaluacion}`;
const correct = (body: unknown, token = admin.token, key = newKey()) => send<Corrected>(server, 'PUT', url(), { token, body, key });
const detail = (token = admin.token) => get<Detail>(server, token, url());
const storedVersion = async () => Number((await server.deps.db.selectFrom('evaluaciones').select('Version').where('IdEvaluacion', '=', sent.IdEvaluacion).executeTakeFirstOrThrow()).Version);

/** e2 from No cumple to Cumple, the place and a header field changed, a general observation written. */
const correction = (Version = 1) => ({
  Version,
  Respuestas: [{ IdEnunciado: 'e2', Respuesta: 1, Subrespuestas: { s1: '1200' } }],
  Lugar: 'Bodega central',
  Encabezado: { turno: 'Noche' },
  ObservacionGeneral: 'Orden y aseo deficiente en el patio',
});

describe('correcting a finished inspection (PUT observaciones-inspecciones/{IdEvaluacion})', () => {
  it('applies the correction, grades again with the shared rule, withdraws the open observation and keeps the history', async () => {
    const before = computeCompliance(template.Contenido, sent.Respuestas);
    const res = await correct(correction());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Inspección corregida correctamente');
    const answers = sent.Respuestas.map((answer) => (answer.IdEnunciado === 'e2' ? correction().Respuestas[0]! : answer));
    const after = computeCompliance(template.Contenido, answers);
    expect(after.Porcentaje).not.toBe(before.Porcentaje);
    expect(res.body.data).toMatchObject({ Version: 2, Lugar: 'Bodega central', Porcentaje: after.Porcentaje, Nota: after.Nota });
    expect(res.body.data.Encabezado).toMatchObject({ turno: 'Noche' });
    // The statement no longer fails: its open observation is withdrawn; the general observation is new.
    expect(res.body.observaciones.map((row) => row.TipoObs)).toEqual(['General']);
    const withdrawn = await server.deps.db.selectFrom('observaciones').select('Estado').where('IdObservacion', '=', failedObservation.IdObservacion).executeTakeFirstOrThrow();
    expect(withdrawn.Estado).toBe(0);

    const shown = (await detail()).body;
    expect(shown.data).toMatchObject({ Version: 2, Porcentaje: after.Porcentaje });
    expect(shown.obsgenerales).toHaveLength(1);
    expect(shown.correcciones).toHaveLength(1);
    const [entry] = shown.correcciones;
    expect(entry).toMatchObject({ Version: 2, IdUsuario: admin.userId, Usuario: res.body.correccion!.Usuario });
    expect(entry!.Cambios).toEqual(
      expect.arrayContaining([
        { Tipo: 'encabezado', Clave: 'Lugar', Campo: 'Lugar', Antes: 'Patio de equipos', Despues: 'Bodega central' },
        { Tipo: 'encabezado', Clave: 'turno', Campo: 'Turno', Antes: 'Turno demo', Despues: 'Noche' },
        { Tipo: 'enunciado', Clave: 'e2', Campo: STATEMENT_E2, Antes: 'No cumple', Despues: 'Cumple (Horómetro: 1200)' },
        expect.objectContaining({ Campo: 'Observación general', Antes: '', Despues: 'Orden y aseo deficiente en el patio' }),
      ]),
    );
    // The change log carries the corrected inspection to the devices, with its history for the PDF they draw.
    const logged = await server.deps.db.selectFrom('cambios').select('Fila').where('IdRegistro', '=', sent.IdEvaluacion).orderBy('Seq', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(logged.Fila!)).toMatchObject({ Version: 2, Lugar: 'Bodega central', Correcciones: [entry] });
  });

  it('refuses to change an answer whose observation was already answered, and applies nothing of the correction', async () => {
    const responded = await post(server, supervisor.token, `${INSPECCIONES}/${failedObservation.IdObservacion}`, { IdRespuesta: newKey(), Texto: 'Se cambió la luz' });
    expect(responded.status).toBe(200);
    const untouched = await footprint(server);
    const res = await correct(correction());
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'OBSERVACION_AVANZADA',
      message: `La respuesta de "${STATEMENT_E2}" no se puede corregir: su observación ya fue respondida`,
    });
    expect(await footprint(server)).toEqual(untouched);
    const shown = (await detail()).body;
    expect(shown.data).toMatchObject({ Version: 1, Lugar: 'Patio de equipos' });
    expect(shown.correcciones).toEqual([]);
    // The other fields alone still take a correction.
    const { Respuestas: _answers, ...rest } = correction();
    expect((await correct(rest)).status).toBe(200);
  });

  it('answers 409 CONFLICTO with the current inspection for a correction made on an older Version', async () => {
    expect((await correct(correction())).status).toBe(200);
    const conflicts = await count(server, 'conflictos');
    const stale = await correct({ Version: 1, Lugar: 'Otro lugar' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICTO', data: { Version: 2, Lugar: 'Bodega central' } });
    expect(await count(server, 'conflictos')).toBe(conflicts + 1);
    expect(await storedVersion()).toBe(2);
  });

  it('refuses a bad correction with the rules of finishing (SPEC IN6)', async () => {
    const res = await correct({ Version: 1, Respuestas: [{ IdEnunciado: 'e4', Respuesta: 2 }] });
    expect(res.body).toMatchObject({ statusCode: 400, message: 'Cada enunciado que no cumple necesita su observación' });
    expect((await correct({ Version: 1, Respuestas: [{ IdEnunciado: 'zz', Respuesta: 1 }] })).status).toBe(400);
    expect(await storedVersion()).toBe(1);
  });

  it('is refused to a supervisor whose role lacks the edit permission, and to another company', async () => {
    const { db } = server.deps;
    const role = (await db.selectFrom('usuarios').select('IdRol').where('IdUsuario', '=', supervisor.userId).executeTakeFirstOrThrow()).IdRol;
    await db.updateTable('rol_permisos').set({ Acciones: 'index,crear' }).where('IdRol', '=', role).where('IdSubmodulo', '=', 10).execute();
    const refused = await correct(correction(), supervisor.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SIN_PERMISO' });

    const pacifico = await server.login('admin@pacificodemo.cl', '77654321-7');
    const foreign = await correct(correction(), pacifico.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Inspección no encontrada');
    expect(await storedVersion()).toBe(1);
  });

  it('lands once for the same Idempotency-Key, alone or in a sync batch', async () => {
    const key = newKey();
    const first = await correct(correction(), admin.token, key);
    const again = await correct(correction(), admin.token, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const batch = await sendBatch(server, admin.token, [{ key, method: 'PUT', path: url(), body: correction() }]);
    expect(batch.body.results[0]).toMatchObject({ status: 200, body: first.body });
    expect((await detail()).body.correcciones).toHaveLength(1);
    expect(await storedVersion()).toBe(2);
    // A new key on the new Version goes through the batch as a command too.
    const next = await sendBatch(server, admin.token, [{ key: newKey(), method: 'PUT', path: url(), body: { Version: 2, Supervisor: 'Ana Soto' } }]);
    expect(next.body.results[0]).toMatchObject({ status: 200 });
    expect((await detail()).body.correcciones).toHaveLength(2);
  });

  it('prints «Corregida el DD/MM/AAAA por <nombre>» and what changed in the PDF', async () => {
    const corrected = await correct(correction());
    const name = corrected.body.correccion!.Usuario;
    const res = await server.app.request(REPORT, {
      method: 'POST',
      headers: { Authorization: `Bearer ${supervisor.token}`, 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify({ IdObjeto: sent.IdEvaluacion, Empresa: ANDES.id, Tipo: 'inspeccion' }),
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`Corregida el ${formatDisplayDate(today(server))} por ${name}`);
    expect(text).toContain(`${STATEMENT_E2}: de «No cumple» a «Cumple (Horómetro: 1200)»`);
    expect(text).toContain('Lugar: de «Patio de equipos» a «Bodega central»');
  });
});

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-correccion-'));
  const file = path.join(dir, 'informe.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
