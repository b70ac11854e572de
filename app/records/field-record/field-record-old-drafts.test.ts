import { actaSeal } from '#sync/domain/epp-delivery.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import type { EppEntregaCreateBody } from '#sync/schemas/epp-entregas.schema.ts';
import { describe, expect, it } from 'vitest';
import { type AttendanceDraft, type AttendanceParticipant, toLocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import type { EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { finishAttendance, REALISATION_PATH } from '#app/modules/capacitaciones/asistencia-finish.ts';
import { setGrade, signAttendee, signPresenter } from '#app/modules/capacitaciones/asistencia-store.ts';
import { ACTAS_PATH, finishCrew } from '#app/modules/epp/epp-crew-finish.ts';
import { signWorker } from '#app/modules/epp/epp-crew-store.ts';
import type { LocalEppTipo } from '#app/modules/epp/epp-queries.ts';

/**
 * A draft left open by the version before the field-record kit opens and finishes after the update: the rows below
 * are written in the exact shape that version wrote them (no Dexie version was added, SPEC DR1).
 */

const device = testDevicesForEachTest();
const id = (n: string) => `01930000-0000-7000-8000-000000000${n}`;
const png = (letter: string) => ({ sha256: letter.repeat(64), type: 'image/png', bytes: new Uint8Array([137, 80, letter.charCodeAt(0)]).buffer as ArrayBuffer });
const stored = (letter: string) => ({ ...png(letter), creadoEn: 1 });

/** Worker 1 signed (their acta sealed by the previous version), worker 2 still to sign. */
const SEALED_ACTA: EppEntregaCreateBody = {
  VersionSello: 2,
  IdEntregadosEpp: id('a01'),
  IdEntrega: id('e01'),
  IdEmpresa: '76123456',
  IdPersona: id('b01'),
  RunPersona: '12001111-1',
  NombreTrabajador: 'Trabajador 1 Prueba',
  Motivo: 1,
  Fecha: '2026-11-27',
  IdCliente: null,
  Items: [{ IdLinea: id('c01'), IdEpp: id('d01'), NombreEpp: 'Guantes de cabritilla', Talla: 'L', Cantidad: 2 }],
  Entregador: { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4', IdUsuario: 7, Firma: { Sha256: 'a'.repeat(64), Tipo: 'image/png' } },
  FirmaTrabajador: { Sha256: 'b'.repeat(64), Tipo: 'image/png' },
  FirmadoEn: '2026-11-27T14:03:00.000Z',
  Corrige: null,
  Sello: 'fea0937973000d2f7ae412144c173535ba248d5a1378393c47c72479fc97fdc5',
};

const OLD_CREW: EppDeliveryDraft = {
  IdEntrega: id('e01'),
  IdEmpresa: '76123456',
  IdUsuario: 7,
  estado: 'abierta',
  Motivo: 1,
  IdCliente: null,
  Corrige: null,
  IdSolicitud: null,
  trabajadores: [
    {
      IdPersona: id('b01'),
      RunPersona: '12001111-1',
      Nombre: 'Trabajador 1 Prueba',
      RutContratista: null,
      items: [{ IdLinea: id('c01'), IdEpp: id('d01'), NombreEpp: 'Guantes de cabritilla', Talla: 'L', Cantidad: 2, VidaUtilMeses: 1 }],
      acta: SEALED_ACTA,
    },
    {
      IdPersona: id('b02'),
      RunPersona: `12002222-${rutCheckDigit('12002222')}`,
      Nombre: 'Trabajador 2 Prueba',
      RutContratista: null,
      items: [{ IdLinea: id('c02'), IdEpp: id('d01'), NombreEpp: 'Guantes de cabritilla', Talla: 'M', Cantidad: 1, VidaUtilMeses: 1 }],
      acta: null,
    },
  ],
  entregador: {
    Nombre: 'Jorge Araya Rojas',
    Rut: '15234567-4',
    IdUsuario: 7,
    Firma: { Sha256: 'a'.repeat(64), Tipo: 'image/png' },
    FirmadoEn: '2026-11-27T14:00:00.000Z',
  },
  iniciadaEn: '2026-11-27T13:55:00.000Z',
  actualizadoEn: 1764251580000,
};

const guantes: LocalEppTipo = {
  IdEpp: id('d01'),
  IdEmpresa: '76123456',
  Estado: 1,
  Version: 1,
  NombreEpp: 'Guantes de cabritilla',
  actividades: [],
  Riesgo: '',
  Norma: '',
  Tallas: ['M', 'L'],
  VidaUtilMeses: 1,
  orden: 'guantes de cabritilla',
};

const participant = (n: number, signed: boolean): Omit<AttendanceParticipant, 'agregado'> => ({
  Id: id(`10${n}`),
  IdPersona: id(`20${n}`),
  IdCargo: null,
  RunPersona: `1100000${n}-1`,
  Nombre: `Persona ${n}`,
  Asistio: signed ? 1 : 0,
  Nota: signed ? 6.5 : null,
  Firma: signed ? { Sha256: 'c'.repeat(64), Tipo: 'image/png' } : null,
  FirmadoEn: signed ? '2026-11-27T14:10:00.000Z' : null,
  Estado: 1,
});

const PRESENTER = {
  Id: id('030'),
  IdUsuario: 7,
  IdCargo: null,
  IdPersona: null,
  Nombre: 'Jorge Araya Rojas',
  Rut: '15234567-4',
  Firma: null,
  FirmadoEn: null,
  Estado: 1,
} as const;

/** Person 1 signed and graded, person 2 still to sign, the presenter still to sign. */
const OLD_ATTENDANCE: AttendanceDraft = {
  IdCapacitacion: id('010'),
  IdEmpresa: '76123456',
  IdUsuario: 7,
  estado: 'abierta',
  actualizadoEn: 1764252600000,
  Version: 3,
  Tema: 'Uso de arnés',
  Evaluada: 1,
  FechaRealizacion: '2026-11-27',
  Participantes: [
    { ...participant(1, true), agregado: false },
    { ...participant(2, false), agregado: false },
  ],
  Relatores: [PRESENTER],
  Fotos: [],
  iniciadaEn: '2026-11-27T14:05:00.000Z',
};

describe('drafts left open by the previous version (SPEC DR1, DR7, TR2)', () => {
  it('a half-signed crew delivery signs its last worker and finishes: one acta each, the old seal unchanged', async () => {
    const test = device();
    await test.db.borradoresEpp.put(OLD_CREW);
    await test.db.archivosDispositivo.bulkPut([stored('a'), stored('b')]);
    await signWorker(test.db, OLD_CREW.IdEntrega, id('b02'), png('d'), new Map([[guantes.IdEpp, guantes]]));
    const result = await finishCrew(OLD_CREW.IdEntrega, test);
    expect(result).toEqual({ ok: true, id: OLD_CREW.IdEntrega, alreadyFinished: false });
    const entries = await test.db.outbox.orderBy(':id').toArray();
    expect(entries.map((entry) => [entry.method, entry.path])).toEqual([
      ['POST', ACTAS_PATH],
      ['POST', ACTAS_PATH],
    ]);
    expect(entries[0]!.body).toEqual(SEALED_ACTA);
    expect(await actaSeal('76123456', SEALED_ACTA)).toBe(SEALED_ACTA.Sello);
    const second = entries[1]!.body as EppEntregaCreateBody;
    expect(second).toMatchObject({ IdPersona: id('b02'), IdEntrega: id('e01'), Items: [{ IdLinea: id('c02'), Talla: 'M', Cantidad: 1 }] });
    expect(second.Sello).toBe(await actaSeal('76123456', second));
    expect((await test.db.borradoresEpp.get(OLD_CREW.IdEntrega))!.estado).toBe('finalizada');
  });

  it('a half-taken attendance signs the rest and is marked realised: ONE write with everyone', async () => {
    const test = device();
    const session = toLocalCapacitacion({
      IdCapacitacion: id('010'),
      IdEmpresa: '76123456',
      Estado: 1,
      Version: 3,
      IdTipoCapacitacion: id('001'),
      IdPrograma: null,
      Tema: 'Uso de arnés',
      Fecha: '2026-11-27',
      HoraInicio: '08:00',
      Lugar: 'Frente de montaje',
      DuracionHoras: 2,
      IdNivel2: null,
      IdNivel3: null,
      RutContratista: null,
      IdCliente: null,
      CargosParticipantes: [],
      Realizada: 0,
      FechaRealizacion: null,
      VigenciaMeses: null,
      Evaluada: 1,
      IdUsuario: 7,
      Participantes: [1, 2].map((n) => ({
        ...participant(n, false),
        RutContratista: null,
        IdNivel2: null,
        IdNivel3: null,
        FechaVencimiento: null,
      })),
      Relatores: [PRESENTER],
      Evidencias: [],
    });
    await test.db.capacitaciones.put(session);
    await test.db.asistencias.put(OLD_ATTENDANCE);
    await test.db.archivosDispositivo.put(stored('c'));
    await signAttendee(test.db, id('010'), id('102'), png('e'));
    await setGrade(test.db, id('010'), id('102'), 5);
    await signPresenter(test.db, id('010'), PRESENTER.Id, { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4' }, png('f'));
    const result = await finishAttendance(id('010'), test);
    expect(result).toEqual({ ok: true, id: id('010'), alreadyFinished: false });
    const entries = await test.db.outbox.toArray();
    expect(entries.map((entry) => [entry.method, entry.path])).toEqual([['PUT', REALISATION_PATH]]);
    const body = entries[0]!.body as { Participantes: { Id: string; Asistio: number; Nota: number | null }[] };
    expect(body.Participantes.map(({ Id, Asistio, Nota }) => [Id, Asistio, Nota])).toEqual([
      [id('101'), 1, 6.5],
      [id('102'), 1, 5],
    ]);
    expect((await test.db.capacitaciones.get(id('010')))!.Realizada).toBe(1);
    expect((await test.db.asistencias.get(id('010')))!.estado).toBe('finalizada');
  });
});
