import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { EPP_SOLICITUDES_MESSAGES, type EppSolicitud, pendingRequest } from '#sync/schemas/epp-solicitudes.schema.ts';
import { eppSolicitudWorkflow } from '#sync/schemas/epp-solicitudes.workflow.ts';
import { describe, expect, it } from 'vitest';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { queueTransition, transitionProblem } from './workflow-writes.ts';

const devices = testDevicesForEachTest();
const COMPANY = '76123456';

function device() {
  return { ...devices(), userId: 7, companyId: COMPANY };
}

function request(overrides: Partial<EppSolicitud> = {}): EppSolicitud {
  const line = {
    IdLinea: uuidV7(),
    IdPersona: uuidV7(),
    RunPersona: '12345678-5',
    NombreTrabajador: 'Ana Pérez',
    IdEpp: uuidV7(),
    NombreEpp: 'Casco',
    Talla: '',
    Cantidad: 1,
  };
  const row = pendingRequest(
    { IdSolicitud: uuidV7(), IdEvaluacion: null, Fecha: '2025-05-02', Lineas: [line] },
    { IdEmpresa: COMPANY, RutContratista: null, IdUsuario: 3, Solicitante: 'Luis' },
  );
  return { ...row, ...overrides };
}

const despacho = {
  CodigoDespacho: ' GD-1 ',
  FechaDespacho: '2025-05-03',
  RutDespachador: '12345678',
  DvDespachador: '5',
  NombreDespachador: 'Eva',
};

describe('queueTransition', () => {
  it('queues each row its own call in one go, with the row the transition builds and the parsed body', async () => {
    const test = device();
    const rows = [request(), request({ Version: 4 })];
    await test.db.epp_solicitudes.bulkPut(rows);
    await queueTransition(eppSolicitudWorkflow, 'despachar', rows, despacho, test);

    const entries = await test.db.outbox.orderBy('seq').toArray();
    const body = { ...despacho, CodigoDespacho: 'GD-1' };
    expect(entries.map(({ method, path, body: sent, recordKey }) => ({ method, path, sent, recordKey }))).toEqual(
      rows.map((row) => ({
        method: 'POST',
        path: `/api/epp/solicitud/despacho/${row.IdSolicitud}`,
        sent: body,
        recordKey: `epp_solicitudes:${row.IdSolicitud}`,
      })),
    );
    const shown = await test.db.epp_solicitudes.get(rows[1]!.IdSolicitud);
    expect(shown).toMatchObject({ ...body, Estado: 2, DespachadoPor: 7, Version: 5 });
  });

  it('undoes a dispatch with its DELETE and no body; the row is pending again', async () => {
    const test = device();
    const row = request({ Estado: 2, CodigoDespacho: 'GD-1', FechaDespacho: '2025-05-03', DespachadoPor: 7 });
    await test.db.epp_solicitudes.put(row);
    await queueTransition(eppSolicitudWorkflow, 'anularDespacho', [row], undefined, test);

    const [entry] = await test.db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'DELETE', path: `/api/epp/solicituddespachada/${row.IdSolicitud}/${COMPANY}` });
    expect(entry?.body).toBeUndefined();
    const shown = await test.db.epp_solicitudes.get(row.IdSolicitud);
    expect(shown).toMatchObject({ Estado: 1, CodigoDespacho: null, DespachadoPor: null, Version: 2 });
  });

  it("refuses an invalid body or a row the rules refuse, in the schema's or the rule's words, and queues nothing", async () => {
    const test = device();
    const pending = request();
    const dispatched = request({ Estado: 2 });
    const noCode = { ...despacho, CodigoDespacho: '' };
    expect(transitionProblem(eppSolicitudWorkflow, 'despachar', noCode)).toBe(EPP_SOLICITUDES_MESSAGES.codeRequired);
    const queued = queueTransition(eppSolicitudWorkflow, 'despachar', [pending], noCode, test);
    await expect(queued).rejects.toThrow(EPP_SOLICITUDES_MESSAGES.codeRequired);
    await expect(queueTransition(eppSolicitudWorkflow, 'despachar', [pending, dispatched], despacho, test)).rejects.toThrow(
      EPP_SOLICITUDES_MESSAGES.alreadyDispatched,
    );
    expect(await test.db.outbox.count()).toBe(0);
  });
});
