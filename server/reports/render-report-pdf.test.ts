import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_RESPONSIBLES, SAMPLE_SIGNERS, sampleChecklistReport, sampleStatementText } from '#app/reports/checklist-report-sample.ts';
import { complianceLabels } from '#sync/domain/compliance.ts';
import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import type { ReportImage } from '#sync/records/record-fields.ts';
import { renderReportPdf } from './render-report-pdf.ts';
import { dataUrl, paintedPng, samplePhotoJpeg, signaturePng } from './sample-images.ts';

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-report-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

const image = (bytes: Buffer, type: string, name: string): ReportImage => ({ Sha256: name, Tipo: type, Url: dataUrl(bytes, type) });

/** Statements 1-30 over 3 items; 7 and 22 not compliant with 2 JPEG photos each; 5, 14 and 29 not applicable. */
function realisticReport(): ChecklistReportData {
  return sampleChecklistReport({
    items: 3,
    statementsPerItem: 10,
    failed: [7, 22],
    notApplicable: [5, 14, 29],
    logo: image(paintedPng(200, 80, (x) => [245, 196 - (x % 40), 0, 255], false), 'image/png', 'logo'),
    signatures: [image(signaturePng(1), 'image/png', 'firma-1'), image(signaturePng(2), 'image/png', 'firma-2')],
    photos: [1, 2, 3, 4].map((seed) => image(samplePhotoJpeg(seed), 'image/jpeg', `foto-${seed}`)),
    photosPerObservation: 2,
    // 80 % and over is a 6,0: the grade prints with its decimal comma even when it is a whole number.
    rangos: [
      { Desde: 0, Hasta: 80, Nota: 4 },
      { Desde: 80, Hasta: 100, Nota: 6 },
    ],
  });
}

interface RenderedPdf {
  text: string;
  pages: number;
  /** `pdfimages -list` rows of type "image" (soft masks of transparent PNGs are listed apart as "smask"). */
  images: string[];
}

async function renderAndRead(data: ChecklistReportData, name: string): Promise<RenderedPdf> {
  const bytes = await renderReportPdf('checklist', data);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = path.join(tempDir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  const images = list
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .filter((line) => line.trim().split(/\s+/)[2] === 'image');
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), images };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const occurrences = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

describe('renderReportPdf (checklist)', () => {
  const data = realisticReport();
  let pdf: RenderedPdf;

  beforeAll(async () => {
    pdf = await renderAndRead(data, 'realista');
  }, 30_000);

  it('prints every statement, numbered, under its item', () => {
    for (let number = 1; number <= 30; number++) expect(pdf.text).toMatch(new RegExp(`${number}\\.\\s+${escape(sampleStatementText(number))}`));
    expect(pdf.text).toContain('1. Trabajo en altura');
    expect(pdf.text).toContain('3. Riesgo eléctrico');
    expect(pdf.text).toContain('Código del equipo: EQ-1004');
  });

  it('shows each answer in words: 25 Cumple, 2 No cumple, 3 No aplica (plus the totals of the grade)', () => {
    expect(occurrences(pdf.text, /No cumple(?!:)/)).toBe(2 + 1);
    expect(occurrences(pdf.text, /No aplica/)).toBe(3 + 1);
    expect(occurrences(pdf.text, /(?<!No )Cumple\b/)).toBe(25 + 1);
  });

  it('prints the grade with a decimal comma and one decimal', () => {
    const labels = complianceLabels(data.Nota);
    expect(labels).toEqual({ porcentaje: '92,6 %', nota: '6,0' });
    expect(pdf.text).toMatch(/Cumplimiento 92,6 %/);
    expect(pdf.text).toMatch(/Nota 6,0/);
    expect(pdf.text).toMatch(/Cumple 25/);
  });

  it('prints the header rows, the company and Spanish letters as they are', () => {
    expect(pdf.text).toContain('Constructora Peñalolén Ltda.');
    expect(pdf.text).toContain('RUT 76.123.456-0');
    expect(pdf.text).toContain('Inspección de faena — condiciones de seguridad');
    expect(pdf.text).toMatch(/Lugar\s+Edificio Ñuñoa, piso 4/);
    expect(pdf.text).toMatch(/Contratista\s+—/);
  });

  it('prints each observation with its responsible person, deadline, traffic light and state', () => {
    expect(pdf.text).toContain(SAMPLE_RESPONSIBLES[0]);
    expect(pdf.text).toContain(SAMPLE_RESPONSIBLES[1]);
    expect(pdf.text).toContain('Plazo 10/04/2026');
    expect(pdf.text).toContain('Plazo 11/04/2026');
    expect(pdf.text).toContain(`Observación 1 · ${sampleStatementText(7)}`);
    expect(pdf.text).toContain(`Observación 2 · ${sampleStatementText(22)}`);
    expect(pdf.text).toMatch(/Verde/);
    expect(pdf.text).toMatch(/Amarillo/);
    expect(pdf.text).toContain('Observación general');
    expect(pdf.text).toContain('reforzar la charla de cinco minutos');
    expect(pdf.text).toContain('Observación de brechas');
    expect(pdf.text).toContain('no hay procedimiento escrito para el izaje');
  });

  it('prints the signers with RUT, role and date', () => {
    for (const signer of SAMPLE_SIGNERS.slice(0, 2)) expect(pdf.text).toContain(signer);
    expect(pdf.text).toContain('RUT 12.345.678-5');
    expect(pdf.text).toMatch(/Ejecutor · 09\/03\/2026/);
  });

  it('numbers the pages "Página n de m"', () => {
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pdf.pages; page++) expect(pdf.text).toContain(`Página ${page} de ${pdf.pages}`);
  });

  it('embeds every photo, signature and the logo once', () => {
    const photos = data.Observaciones.reduce((sum, observation) => sum + observation.Fotos.length, 0);
    expect(photos).toBe(4);
    expect(pdf.images).toHaveLength(photos + data.Firmas.length + 1);
    expect(pdf.images.filter((row) => /\bjpeg\b/.test(row))).toHaveLength(photos);
  });

  it('prints a labelled box where an image cannot be had, instead of a blank gap', async () => {
    const broken: ChecklistReportData = {
      ...data,
      Empresa: { ...data.Empresa, Logo: null },
      Firmas: data.Firmas.map((firma, index) => (index === 0 ? { ...firma, Imagen: { ...firma.Imagen, Url: 'blob:http://localhost/perdida' } } : firma)),
      Observaciones: data.Observaciones.map((observation, index) =>
        index === 0
          ? { ...observation, Fotos: [{ Sha256: 'x', Tipo: 'image/webp', Url: 'data:image/webp;base64,UklGRg==' }] }
          : // A JPEG labelled PNG is drawn by its bytes, not by its label.
            { ...observation, Fotos: observation.Fotos.map((foto, n) => (n === 0 ? { ...foto, Url: foto.Url.replace('data:image/jpeg', 'data:image/png') } : foto)) },
      ),
    };
    const result = await renderAndRead(broken, 'sin-imagenes');
    expect(result.text).toContain('Firma no disponible');
    expect(result.text).toContain('Imagen no disponible');
    // The second signature and both photos of the second observation.
    expect(result.images).toHaveLength(1 + 2);
    expect(result.images.filter((row) => /\bjpeg\b/.test(row))).toHaveLength(2);
  }, 30_000);
});
