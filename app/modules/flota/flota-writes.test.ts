import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { describe, expect, it } from 'vitest';
import { certificateFields, checkedBody, readingFields } from './flota-writes.ts';

const file = { sha256: 'a'.repeat(64), type: 'application/pdf', bytes: new ArrayBuffer(4) };

describe('the bodies of what is written on an asset', () => {
  it('a certificate carries its files as references and gets its id here', () => {
    const fields = certificateFields({ IdActivo: uuidV7(), Clase: 'soap', FechaEmision: '2026-03-01', FechaVencimiento: '2027-03-31' }, [file]);
    const checked = checkedBody('certificaciones_vehiculo', fields);
    expect(checked.problems).toBeNull();
    expect(checked.body).toMatchObject({ Clase: 'soap', Archivos: [{ Sha256: file.sha256, Tipo: 'application/pdf' }], LecturaVencimiento: null });
  });

  it("each field's first problem, by field", () => {
    const checked = checkedBody('certificaciones_equipo', certificateFields({ IdActivo: uuidV7(), Clase: null, FechaEmision: '' }, []));
    expect(checked.problems).toMatchObject({ Clase: 'Elige la certificación', FechaEmision: 'La fecha de emisión es requerida' });
  });

  it('a reading is taken now', () => {
    const checked = checkedBody('lecturas_vehiculo', readingFields({ IdActivo: uuidV7(), Valor: 40_500, Motivo: '' }));
    expect(checked.body?.Fecha).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
