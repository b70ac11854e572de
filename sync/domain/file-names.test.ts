import { describe, expect, it } from 'vitest';
import { evidenceFileName, evidencePath, fileNameOfPath, guideFileName } from './file-names.ts';

describe('file names of training evidence (spec part 2, section 5)', () => {
  it('removes accents and turns every other character but hyphens into hyphens, keeping the extension', () => {
    expect(evidenceFileName('Registro fotográfico (día 1).jpg')).toBe('Registro-fotografico--dia-1-.jpg');
    expect(evidenceFileName('Año_2026 Señalética.PDF')).toBe('Ano-2026-Senaletica.PDF');
    expect(evidenceFileName('lista-asistencia.pdf')).toBe('lista-asistencia.pdf');
    expect(evidenceFileName('sin extension ñ')).toBe('sin-extension-n');
  });

  it('turns only the spaces of an evidence guide name into hyphens', () => {
    expect(guideFileName('Guía de trabajo en altura.pdf')).toBe('Guía-de-trabajo-en-altura.pdf');
    expect(guideFileName('  Manual (v2).pdf ')).toBe('Manual-(v2).pdf');
  });

  it('keeps evidence under company/training/evidencias', () => {
    const path = evidencePath('76123456', 'c1', 'Guia-1.pdf');
    expect(path).toBe('76123456/c1/evidencias/Guia-1.pdf');
    expect(fileNameOfPath(path)).toBe('Guia-1.pdf');
  });
});
