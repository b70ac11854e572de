import type { PermissionAction } from '#sync/records/permissions.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import type { EppSolicitud } from '#sync/schemas/epp-solicitudes.schema.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { describe, expect, it } from 'vitest';
import { inspectionRow, observationRow } from '#app/data/follow-up-test-factory.ts';
import type { LocalIncidente, LocalMedida } from '#app/db/incident-rows.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { inboxCounts, inboxItems, type InboxKind } from './home-inbox.ts';

const device = testDevicesForEachTest();
const TODAY = '2026-03-17';
const EVERY_KIND: InboxKind[] = ['solicitudesEpp', 'observaciones', 'medidas', 'diat'];

function sessionWith(grants: Record<string, PermissionAction[]>, usuario: Partial<Session['usuario']> = {}): Session {
  return {
    usuario: { IdUsuario: 7, Nombres: 'Jorge', ApellidoPaterno: 'Araya', Tipo: 'empresa', IdContratista: null, ...usuario },
    permisos: Object.entries(grants).map(([Ruta, Acciones]) => ({ Ruta, Acciones })),
  } as unknown as Session;
}

function request(Estado: EppSolicitud['Estado']): EppSolicitud {
  return { IdSolicitud: uuidV7(), Estado, Fecha: '2026-03-16' } as EppSolicitud;
}

function measure(overrides: Partial<LocalMedida>): LocalMedida {
  return {
    IdMedidaControl: uuidV7(),
    IdEvaluacion: 'caso-1',
    Estado: 1,
    Respondida: 0,
    Aprobada: 0,
    Plazo: '2026-04-01',
    Respuestas: [],
    ...overrides,
  } as LocalMedida;
}

/** A case whose injured worker starts a DIAT clock when the company learned of it (SPEC IC3). */
function injuryCase(overrides: Partial<LocalIncidente>): LocalIncidente {
  return {
    IdEvaluacion: uuidV7(),
    Estado: 1,
    Clasificacion: 'Accidente con tiempo perdido',
    NombreAccidentado: 'Luis Pérez',
    FechaConocimiento: new Date(Date.now() - 3_600_000).toISOString(),
    DiatPresentadaEn: null,
    ...overrides,
  } as LocalIncidente;
}

describe("Inicio's inbox: which rows a role sees", () => {
  it('shows each row only with the action it asks for, in the order of the office work', () => {
    const office = sessionWith({
      '/epp/solicitudes': ['index', 'despachar'],
      '/observaciones': ['index', 'aprobar'],
      '/incidentes': ['index', 'editar', 'aprobar'],
    });
    expect(inboxItems(office).map((item) => [item.label, item.href])).toEqual([
      ['Solicitudes de EPP por despachar', '/epp/solicitudes'],
      ['Observaciones por aprobar', '/observaciones?estado=respondida'],
      ['Medidas de control por aprobar', '/incidentes?pendiente=medidas'],
      ['DIAT por presentar', '/incidentes?pendiente=diat'],
    ]);

    const field = sessionWith({
      '/epp/solicitudes': ['index', 'crear', 'editar'],
      '/observaciones': ['index', 'crear'],
      '/incidentes': ['index', 'crear'],
    });
    expect(inboxItems(field)).toEqual([]);
  });

  it('never asks a contractor or a client to approve or file what only the company decides', () => {
    const grants: Record<string, PermissionAction[]> = {
      '/epp/solicitudes': ['index', 'despachar'],
      '/observaciones': ['index', 'aprobar'],
      '/incidentes': ['index', 'editar', 'aprobar'],
    };
    expect(inboxItems(sessionWith(grants, { IdContratista: '76555444' })).map((item) => item.kind)).toEqual(['solicitudesEpp']);
    expect(inboxItems(sessionWith(grants, { Tipo: 'cliente' } as Partial<Session['usuario']>)).map((item) => item.kind)).toEqual([
      'solicitudesEpp',
    ]);
  });
});

describe("Inicio's inbox: what waits, counted from the device", () => {
  it('counts pending requests, answers waiting for review (not overdue, approved nor deleted) and DIATs not filed', async () => {
    const test = device();
    const inspection = inspectionRow();
    await test.db.epp_solicitudes.bulkPut([request(1), request(1), request(2), request(3)]);
    await test.db.observaciones.bulkPut([
      observationRow(inspection, { Respondida: 1, Plazo: '2026-03-20' }),
      observationRow(inspection, { Respondida: 1, Plazo: null }),
      observationRow(inspection, { Respondida: 1, Plazo: '2026-03-01' }),
      observationRow(inspection, { Respondida: 0 }),
      observationRow(inspection, { Respondida: 0, Aprobada: 1 }),
      observationRow(inspection, { Respondida: 1, Estado: 0 }),
    ]);
    await test.db.medidas_control.bulkPut([
      measure({ Respondida: 1 }),
      measure({ Respondida: 1, Aprobada: 1 }),
      measure({ Respondida: 0 }),
    ]);
    await test.db.incidentes.bulkPut([
      injuryCase({}),
      injuryCase({ DiatPresentadaEn: new Date().toISOString() }),
      injuryCase({ Clasificacion: 'Cuasi Accidente' }),
      injuryCase({ Estado: 2 }),
    ]);

    expect(await inboxCounts(test.db, EVERY_KIND, TODAY)).toEqual({ solicitudesEpp: 2, observaciones: 2, medidas: 1, diat: 1 });
  });

  it('reads only the kinds the role is shown, and says 0 on an empty device', async () => {
    const test = device();
    expect(await inboxCounts(test.db, ['observaciones'], TODAY)).toEqual({ observaciones: 0 });
    expect(await inboxCounts(test.db, [], TODAY)).toEqual({});
  });
});
