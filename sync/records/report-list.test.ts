import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cellText, type ReportColumn } from './report-list-columns.ts';
import { REPORT_FILTER_MESSAGES, type ReportFilter, reportQuerySchema, reversedRange } from './report-list.ts';

const FILTERS = [
  { kind: 'level', name: 'nv2', level: 2, message: 'Filtro no válido' },
  { kind: 'number', name: 'IdFiscalizador', label: 'Fiscalizador', message: 'Fiscalizador no válido' },
  { kind: 'rut', name: 'RutContratista', label: 'Contratista' },
  { kind: 'text', name: 'Trabajador', label: 'Trabajador', max: 5, message: 'Muy largo' },
  { kind: 'days', from: 'Desde', to: 'Hasta', labels: ['Desde', 'Hasta'] },
] as const satisfies readonly ReportFilter[];
const schema = reportQuerySchema(FILTERS);
const problem = (query: Record<string, string>) => {
  const parsed = v.safeParse(schema, query);
  return parsed.success ? null : parsed.issues[0].message;
};

describe('a report list query, from its filters', () => {
  it('gives every filter as a text, empty when not asked, and page 1 of 50', () => {
    expect(v.parse(schema, {})).toEqual({ nv2: '', IdFiscalizador: '', RutContratista: '', Trabajador: '', Desde: '', Hasta: '', Pagina: 1, PorPagina: 50 });
  });

  it('lower-cases a record id, cleans a RUT written with dots, reads the page asked', () => {
    const id = '0192F6A0-0000-7000-8000-000000000001';
    const parsed = v.parse(schema, { nv2: id, RutContratista: '12.345.678-5', Pagina: '3', PorPagina: '10' });
    expect(parsed).toMatchObject({ nv2: id.toLowerCase(), RutContratista: '12345678-5', Pagina: 3, PorPagina: 10 });
  });

  it('refuses each bad filter with its own Spanish message', () => {
    expect(problem({ nv2: 'abc' })).toBe('Filtro no válido');
    expect(problem({ IdFiscalizador: 'pedro' })).toBe('Fiscalizador no válido');
    expect(problem({ RutContratista: '12345678-0' })).toBe('El rut no es válido');
    expect(problem({ Trabajador: 'muñozz' })).toBe('Muy largo');
    expect(problem({ Desde: '21-11-2026' })).toBe(REPORT_FILTER_MESSAGES.dateInvalid);
    expect(problem({ Pagina: '0' })).toBe('La página pedida no es válida');
  });

  it('refuses a range whose first day comes after its last, as the screen says before asking', () => {
    expect(problem({ Desde: '2026-11-21', Hasta: '2026-11-20' })).toBe(REPORT_FILTER_MESSAGES.rangeReversed);
    expect(problem({ Desde: '2026-11-20', Hasta: '2026-11-20' })).toBeNull();
    expect(reversedRange(FILTERS, { Desde: '2026-11-21', Hasta: '2026-11-20' })).toBe(REPORT_FILTER_MESSAGES.rangeReversed);
    expect(reversedRange(FILTERS, { Desde: '2026-11-21' })).toBeNull();
  });
});

describe('a report list column, on screen and in the CSV for Excel in Chile', () => {
  type Row = { Fecha: string | null; Rut: string; Horas: number };
  const row: Row = { Fecha: '2026-03-05', Rut: '123456785', Horas: 1234.5 };
  const date: ReportColumn<Row> = { header: 'Fecha', value: (r) => r.Fecha, format: 'date', empty: 'No vence' };
  const rut: ReportColumn<Row> = { header: 'RUT', value: (r) => r.Rut, format: 'rut' };
  const hours: ReportColumn<Row> = { header: 'Horas', value: (r) => r.Horas, format: 'number' };

  it('writes a day DD/MM/YYYY on screen and DD-MM-YYYY in the CSV; an empty one as its column says', () => {
    expect(cellText(date, row, 'screen')).toBe('05/03/2026');
    expect(cellText(date, row, 'csv')).toBe('05-03-2026');
    expect(cellText(date, { ...row, Fecha: null }, 'csv')).toBe('No vence');
  });

  it('writes a RUT with dots both places, and a number grouped on screen, with a bare decimal comma in the CSV', () => {
    expect(cellText(rut, row, 'csv')).toBe('12.345.678-5');
    expect(cellText(hours, row, 'screen')).toBe('1.234,5');
    expect(cellText(hours, row, 'csv')).toBe('1234,5');
  });
});
