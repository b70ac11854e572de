import { describe, expect, it } from 'vitest';
import { dashboardQueryString, filtersReady, initialDashboardFilters } from './dashboard-filters.ts';

describe('dashboard filters', () => {
  it('send a dashboard\'s own filters (the EPP dashboard\'s Cargo) beside the shared ones, leaving out empty values', () => {
    const filters = { ...initialDashboardFilters(new Date('2026-11-21T12:00:00Z')), nv2: '', extra: { IdCargo: 'c-1', Tipo: '' } };
    expect(Object.fromEntries(new URLSearchParams(dashboardQueryString(filters)))).toEqual({ start: '2026-11-01', end: '2026-11-21', month: '2026-11', IdCargo: 'c-1' });
    expect(filtersReady(filters)).toBe(true);
    expect(dashboardQueryString({ ...filters, extra: undefined })).toBe('start=2026-11-01&end=2026-11-21&month=2026-11');
  });
});
