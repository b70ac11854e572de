import { describe, expect, it } from 'vitest';
import {
  dashboardQueryString,
  describeDashboardFilters,
  exportFileName,
  filtersReady,
  initialDashboardFilters,
} from './dashboard-filters.ts';

describe('dashboard filters', () => {
  it('open on the last twelve months, this one included, and the month views on this month', () => {
    expect(initialDashboardFilters(new Date('2026-11-21T12:00:00Z'))).toEqual({
      nv2: '',
      nv3: '',
      start: '2025-12-01',
      end: '2026-11-21',
      month: '2026-11',
    });
    // Early on 1 January in Chile it is still 31 December: the year runs from the first of January before.
    expect(initialDashboardFilters(new Date('2027-01-01T02:00:00Z'))).toMatchObject({
      start: '2026-01-01',
      end: '2026-12-31',
      month: '2026-12',
    });
  });

  it("send a dashboard's own filters (the EPP dashboard's Cargo) beside the shared ones, leaving out empty values", () => {
    const filters = { ...initialDashboardFilters(new Date('2026-11-21T12:00:00Z')), nv2: '', extra: { IdCargo: 'c-1', Tipo: '' } };
    expect(Object.fromEntries(new URLSearchParams(dashboardQueryString(filters)))).toEqual({
      start: '2025-12-01',
      end: '2026-11-21',
      month: '2026-11',
      IdCargo: 'c-1',
    });
    expect(filtersReady(filters)).toBe(true);
    expect(dashboardQueryString({ ...filters, extra: undefined })).toBe('start=2025-12-01&end=2026-11-21&month=2026-11');
  });

  it('read on an export by the names the person chose, and name its file by what it is and its period', () => {
    const filters = { nv2: 'n-1', nv3: '', start: '2025-12-01', end: '2026-11-21', month: '2026-11', extra: { IdCargo: 'c-1' } };
    const extraFilters = [{ name: 'IdCargo', label: 'Cargo', emptyLabel: 'Todos', options: [{ value: 'c-1', label: 'Operador de grúa' }] }];
    expect(
      describeDashboardFilters(filters, {
        level2: 'Faena',
        level3: 'Área',
        levelName: (id) => (id === 'n-1' ? 'Faena Los Andes' : undefined),
        extraFilters,
      }),
    ).toEqual([
      { label: 'Período', value: 'del 01/12/2025 al 21/11/2026' },
      { label: 'Mes', value: 'noviembre de 2026' },
      { label: 'Faena', value: 'Faena Los Andes' },
      { label: 'Área', value: 'Todos' },
      { label: 'Cargo', value: 'Operador de grúa' },
    ]);
    expect(exportFileName('EPP Cobertura de EPP (%)', filters)).toBe('epp-cobertura-de-epp-2025-12-01-al-2026-11-21');
    expect(exportFileName('Capacitaciones: Índice de frecuencia', filters)).toBe(
      'capacitaciones-indice-de-frecuencia-2025-12-01-al-2026-11-21',
    );
  });
});
