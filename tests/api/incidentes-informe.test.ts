import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IncidentReportData } from '#sync/schemas/incidentes-informe.ts';
import { serverForEachTest } from './support/api-harness.ts';
import { ACCIDENTES, createCase, measure, seeded, stageOneBody, updateCase } from './support/incidentes-factory.ts';
import { uploadImage } from './support/inspecciones-factory.ts';

const test = serverForEachTest();

function pdfText(bytes: Buffer): { text: string; pages: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-incidente-'));
  const file = path.join(dir, 'informe.pdf');
  fs.writeFileSync(file, bytes);
  try {
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 0);
    return { text, pages };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('IC3: gravity and the legal acts', () => {
  it('a SUSESO criterion makes a case grave, the fatal classification fatal', async () => {
    const signature = await uploadImage(test.server, test.admin.token, 'firma');
    const grave = await createCase(test.server, test.admin.token, stageOneBody(test.server, signature, { CriteriosGravedad: ['caida_altura', 'rescate'] }));
    expect(grave.body.data).toMatchObject({ Gravedad: 'grave', CriteriosGravedad: ['caida_altura', 'rescate'] });
    const fatal = await createCase(test.server, test.admin.token, stageOneBody(test.server, signature, { Clasificacion: 'Accidente Fatal' }));
    expect(fatal.body.data.Gravedad).toBe('fatal');
    expect((await createCase(test.server, test.admin.token, stageOneBody(test.server, signature, { CriteriosGravedad: ['otro'] }))).body).toMatchObject({ statusCode: 400, message: 'Un criterio de gravedad no es válido' });
  });

  it('the DIAT is marked filed with who and the folio; a trayecto accident also needs its proof; suspension and notices are recorded', async () => {
    const signature = await uploadImage(test.server, test.admin.token, 'firma');
    const body = stageOneBody(test.server, signature, { Clasificacion: 'Accidente de Trayecto', CriteriosGravedad: ['reanimacion'] });
    const id = body.IdEvaluacion as string;
    await createCase(test.server, test.admin.token, body);
    const filed = { IdEvaluacion: id, Version: 1, DiatPresentadaEn: '2026-11-21T15:00:00.000Z', DiatPresentadaPor: 'Carolina Muñoz Soto', DiatFolio: 'ACHS-1', Mutualidad: 'ACHS' };
    expect((await updateCase(test.server, test.admin.token, id, { ...filed, DiatFolio: '' })).body).toMatchObject({ statusCode: 400, message: 'El folio de la mutualidad es requerido' });
    expect((await updateCase(test.server, test.admin.token, id, filed)).body).toMatchObject({ statusCode: 400, message: 'Un accidente de trayecto necesita su medio de prueba para presentar la DIAT' });
    const ok = await updateCase(test.server, test.admin.token, id, { ...filed, MedioPrueba: 'Parte de Carabineros N° 4432' });
    expect(ok.body).toMatchObject({ statusCode: 200, data: { DiatFolio: 'ACHS-1', MedioPrueba: 'Parte de Carabineros N° 4432' } });
    const acts = await updateCase(test.server, test.admin.token, id, { IdEvaluacion: id, Version: 2, SuspensionFaenaEn: '2026-11-21T12:20:00.000Z', AvisoInspeccionEn: '2026-11-21T12:40:00.000Z', AvisoSeremiEn: '2026-11-21T12:45:00.000Z' });
    expect(acts.body.data).toMatchObject({ SuspensionFaenaEn: '2026-11-21T12:20:00.000Z', AvisoInspeccionEn: '2026-11-21T12:40:00.000Z', AvisoSeremiEn: '2026-11-21T12:45:00.000Z' });
  });
});

describe('the investigation report (spec 2.4, GET accidentes/{id})', () => {
  it('answers its data in the spec order, and the same document drawn by the server, sections in order with the causes and the measure', async () => {
    const signature = await uploadImage(test.server, test.admin.token, 'firma');
    const photo = await uploadImage(test.server, test.admin.token);
    const body = stageOneBody(test.server, signature, {
      Descripcion: 'El trabajador resbaló al bajar de la losa mojada.',
      ActosSubestandar: [seeded('actos_subestandares', 'No usar el equipo de protección personal')],
      CausasBasicas: [seeded('causas_basicas', 'Falta de conocimiento')],
      Probabilidad: 2,
      Consecuencia: 4,
      Evidencias: [{ IdEvidencia: crypto.randomUUID(), Nombre: 'Losa', Archivo: photo, Fecha: '2026-11-21T12:30:00.000Z' }],
      MedidasControl: [measure({ MedidaControl: 'Instalar antideslizante en la escala de la losa' })],
    });
    await createCase(test.server, test.admin.token, body);
    const data = await test.server.request<{ statusCode: number; data: IncidentReportData }>('GET', `${ACCIDENTES}/${body.IdEvaluacion}`, { token: test.admin.token });
    expect(data.status).toBe(200);
    expect(data.body.data).toMatchObject({
      Titulo: 'Informe de investigación de accidente',
      EstadoCaso: 'Abierto',
      Lesionados: [expect.arrayContaining([{ Etiqueta: 'Nombre', Valor: 'Pedro Soto Vidal' }])],
      EvaluacionRiesgo: expect.arrayContaining([{ Etiqueta: 'Nivel de riesgo', Valor: 'Importante' }]),
      Medidas: [expect.objectContaining({ Medida: 'Instalar antideslizante en la escala de la losa', Semaforo: 1, EstadoTexto: 'Abierta' })],
      Evidencias: [{ Nombre: 'Losa', Imagen: expect.objectContaining({ Url: expect.stringContaining(`/api/files/${photo.Sha256}`) }) }],
    });

    const response = await test.server.app.request(`${ACCIDENTES}/${body.IdEvaluacion}`, { headers: { Authorization: `Bearer ${test.admin.token}`, Accept: 'application/pdf' } });
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const { text, pages } = pdfText(Buffer.from(await response.arrayBuffer()));
    const order = ['Tipo de evento', 'Antecedentes', 'Personas lesionadas', 'Daños', 'Descripción y evidencias', 'Análisis causal', 'Evaluación del riesgo', 'Medidas de control', 'Investigadores', 'Firma de quien reporta'];
    const positions = order.map((heading) => text.indexOf(heading));
    expect(positions.every((position) => position >= 0), JSON.stringify(positions)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('No usar el equipo de protección personal');
    expect(text).toContain('Falta de conocimiento');
    expect(text).toContain('Instalar antideslizante en la escala de la losa');
    // The page break before the causal analysis.
    expect(pages).toBeGreaterThanOrEqual(2);
  });
});
