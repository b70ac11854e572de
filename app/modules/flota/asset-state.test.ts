import type { RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import { certificadoVehiculoEntity, lecturaVehiculoEntity } from '#sync/schemas/flota-registros.schema.ts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { assetStateOf, certificateLines, fitnessLabel, withOperator } from './asset-state.ts';

const TODAY = '2026-03-10';
let next = 1;
const id = () => `01900000-0000-7000-8000-${String(next++).padStart(12, '0')}`;
const meta = { IdEmpresa: '76123456', Estado: 1, Version: 1 };
const ASSET = id();

const certificate = (fields: Record<string, unknown>) =>
  v.parse(certificadoVehiculoEntity.schema, { IdCertificacion: id(), IdActivo: ASSET, ...meta, FechaVencimiento: '', ...fields });
const reading = (Fecha: string, Valor: number, Motivo = '') =>
  v.parse(lecturaVehiculoEntity.schema, { IdLectura: id(), IdActivo: ASSET, ...meta, Fecha, Valor, Motivo });

const requirements: RequisitoClase[] = [
  { Clase: 'revision_tecnica', VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null },
  { Clase: 'mantencion', VigenciaMeses: 6, Obligatoria: 1, IntervaloLectura: 10_000 },
];

describe('an asset read from the device', () => {
  it('is fit with every mandatory certificate in force, its current reading the last one taken', () => {
    const state = assetStateOf(
      {
        requirements,
        medidor: 'km',
        operator: null,
        certificates: [
          certificate({ Clase: 'revision_tecnica', FechaEmision: '2025-06-01', FechaVencimiento: '2026-06-30' }),
          certificate({ Clase: 'mantencion', FechaEmision: '2026-01-10', LecturaVencimiento: 60_000 }),
        ],
        readings: [reading('2026-03-01T12:00:00.000Z', 41_000), reading('2026-03-05T12:00:00.000Z', 40_500, 'Error de digitación')],
      },
      TODAY,
    );
    expect(state.current).toBe(40_500);
    expect(state.readings.map((row) => row.Valor)).toEqual([40_500, 41_000]);
    expect(fitnessLabel(state.fitness)).toBe('Apto');
  });

  it('is not fit when a mandatory class is missing or due by its meter, each reason said', () => {
    const state = assetStateOf(
      {
        requirements,
        medidor: 'km',
        operator: null,
        certificates: [certificate({ Clase: 'mantencion', FechaEmision: '2026-01-10', LecturaVencimiento: 40_000 })],
        readings: [reading('2026-03-01T12:00:00.000Z', 40_200)],
      },
      TODAY,
    );
    expect(fitnessLabel(state.fitness)).toBe('No apto');
    expect(state.fitness.Motivos).toEqual(['Mantención: la lectura 40200 alcanzó 40000', 'Revisión técnica: sin registrar']);
  });

  it('ignores readings when its type has no meter', () => {
    const state = assetStateOf({ requirements: [], medidor: '', operator: null, certificates: [], readings: [reading('2026-03-01T12:00:00.000Z', 5)] }, TODAY);
    expect(state.current).toBeNull();
  });

  it('lists the certificates that count first, by class, then the ones they replaced', () => {
    const old = certificate({ Clase: 'revision_tecnica', FechaEmision: '2024-06-01', FechaVencimiento: '2025-06-30' });
    const renewed = certificate({ Clase: 'revision_tecnica', FechaEmision: '2025-06-01', FechaVencimiento: '2026-03-31' });
    const service = certificate({ Clase: 'mantencion', FechaEmision: '2026-01-10', FechaVencimiento: '2026-07-10' });
    const soap = certificate({ Clase: 'soap', FechaEmision: '2025-03-01', FechaVencimiento: '2026-03-01' });
    const state = assetStateOf({ requirements, medidor: 'km', operator: null, certificates: [old, service, soap, renewed], readings: [] }, TODAY);
    expect(certificateLines(state, TODAY).map((line) => [line.certificate.Clase, line.replaced, line.state])).toEqual([
      ['revision_tecnica', false, 'por-vencer'],
      ['soap', false, 'vencida'],
      ['mantencion', false, 'vigente'],
      ['revision_tecnica', true, null],
    ]);
  });

  it('with an operator: fit only when both are, each reason said as whose', () => {
    const state = assetStateOf({ requirements: [], medidor: '', operator: { ClaseLicencia: 'A4', CertificacionesOperador: ['c1'] }, certificates: [], readings: [] }, TODAY);
    const worker = {
      licencias: [{ IdLicencia: id(), Clase: 'a4', FechaVencimiento: '2027-01-01', Estado: 1 as const, Archivos: [] }],
      certificaciones: [],
    };
    const fitness = withOperator(state, worker, TODAY, () => 'Psicosensotécnico');
    expect(fitness).toEqual({ Apto: 0, Motivos: ['Operador: Psicosensotécnico: sin registrar'] });
  });
});
