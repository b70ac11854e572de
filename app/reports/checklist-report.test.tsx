import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToBuffer } from '@react-pdf/renderer';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import { checklistReportElement } from './checklist-report.tsx';
import { sampleChecklistReport } from './checklist-report-sample.ts';

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-checklist-report-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

const EMPTY_SECTIONS = ['Observaciones', 'Sin observaciones en los enunciados.', 'Observación general', 'Sin observación general.', 'Observación de brechas', 'Sin observación de brechas.'];

/** An inspection where everything complies: no observation of any kind, `signatures` signers without image. */
function allCompliant(statements: number, signatures: number): ChecklistReportData {
  const data = sampleChecklistReport({
    items: 1,
    statementsPerItem: statements,
    failed: [],
    notApplicable: [],
    logo: null,
    signatures: Array.from({ length: signatures }, (_, index) => ({ Sha256: `firma-${index}`, Tipo: 'image/png', Url: '' })),
    photos: [],
    photosPerObservation: 0,
    rangos: [{ Desde: 0, Hasta: 100, Nota: 7 }],
  });
  return { ...data, ObservacionesG: [], ObservacionesB: [] };
}

/** The page count and the lines of the last page between its running header and its footer. */
async function lastPage(data: ChecklistReportData, name: string): Promise<{ pages: number; lines: string[] }> {
  const file = path.join(tempDir, `${name}.pdf`);
  fs.writeFileSync(file, await renderToBuffer(checklistReportElement(data)));
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(pages), '-l', String(pages), file, '-'], { encoding: 'utf8' });
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith(data.Empresa.Nombre));
  return { pages, lines };
}

describe('checklist report layout', () => {
  // Statement counts where, before the closing sections were kept together, the last page held only the gaps
  // section ("Sin observación de brechas.", alone or under its title) or only the last two empty sections.
  it.each([
    [42, 0],
    [43, 0],
    [38, 2],
    [40, 2],
    [42, 2],
  ])('keeps the empty closing sections together on the last page (%i statements, %i signatures)', async (statements, signatures) => {
    const { pages, lines } = await lastPage(allCompliant(statements, signatures), `${signatures}-${statements}`);
    expect(pages).toBeGreaterThan(1);
    expect(lines).toEqual(expect.arrayContaining(EMPTY_SECTIONS));
  });
});
