import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import type { ClaseCertificacion } from '#sync/domain/fleet-fitness.ts';
import { expiryDate } from '#sync/domain/validity.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { certificacionEntity } from '#sync/schemas/certificaciones.schema.ts';
import { ASSET_KINDS, type AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import {
  certificadoEquipoEntity,
  certificadoInstalacionEntity,
  certificadoVehiculoEntity,
  lecturaEquipoEntity,
  lecturaVehiculoEntity,
} from '#sync/schemas/flota-registros.schema.ts';
import { tipoEquipoEntity, tipoVehiculoEntity } from '#sync/schemas/flota-tipos.schema.ts';
import { type Certificacion, type Licencia, trabajadorEntity } from '#sync/schemas/trabajadores.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { createRecord, logRecord } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { DEMO_CONTRACTOR } from '#server/seed/demo-parties.ts';
import { seedId } from '#server/seed/seed-id.ts';
import type { DemoSeedTools } from '#server/server-module.ts';
import { demoWriteContext } from '#server/seed/demo-write-context.ts';

const DAY = 86_400_000;
const EXAM = 'Examen psicosensotécnico';
const FORKLIFT_AUTHORISATION = 'Autorización interna: grúa horquilla';

type Requirement = [Clase: ClaseCertificacion, months: number, interval?: number];
const requirements = (rows: readonly Requirement[]) =>
  rows.map(([Clase, VigenciaMeses, IntervaloLectura = null]) => ({ Clase, VigenciaMeses, Obligatoria: 1 as const, IntervaloLectura }));

/** A certificate of the demo: its class, issued `issued` days from now, valid its type's months; due at `reading` too. */
type DemoCertificate = [Clase: ClaseCertificacion, issued: number, months: number, reading?: number];
/** A reading of the demo: taken `offset` days from now, its value, and why when it corrects the one before it. */
type DemoReading = [offset: number, Valor: number, Motivo?: string];

const CERTIFICATES = {
  vehiculos: certificadoVehiculoEntity,
  equipos: certificadoEquipoEntity,
  instalaciones: certificadoInstalacionEntity,
} satisfies Record<AssetTable, AnyEntity>;
const READINGS = { vehiculos: lecturaVehiculoEntity, equipos: lecturaEquipoEntity };

async function officeContext(db: Db, company: string, now: Date, records: RecordRegistry): Promise<WriteContext | null> {
  const admin = await db
    .selectFrom('usuarios')
    .select('IdUsuario')
    .where('IdEmpresa', '=', company)
    .where('Tipo', '=', 'empresa')
    .orderBy('IdUsuario')
    .executeTakeFirst();
  return admin ? demoWriteContext(db, company, admin.IdUsuario, now, records) : null;
}

/** A certification of the company's catalogue by its name, made (valid 12 months) when it has none. */
async function operatorCertification(office: WriteContext, Nombre: string, Emisor: string): Promise<string> {
  const held = await office.records.certificaciones.listActive(office.db, office.company, office.viewer);
  const found = held.find((row) => row.Nombre.toLowerCase() === Nombre.toLowerCase());
  if (found) return found.IdCertificacion;
  const IdCertificacion = seedId(office.company, 'certificacion', Nombre);
  await createRecord(office, certificacionEntity, { IdCertificacion, Nombre, Emisor, Vence: 1, VigenciaMeses: 12 });
  return IdCertificacion;
}

type Held<Child> = Omit<Child, 'Estado' | 'Archivos' | 'IdLicencia' | 'IdCertificacion' | 'IdCargo'>;

type OperatorDocuments = { licencias: Held<Licencia>[]; certificaciones: Held<Certificacion>[] };

/**
 * Adds licences and certifications to a worker through the workers' store, as an edit that only appends children
 * leaves it (SPEC CF5): the next version, the field versions kept, and its change-log row.
 */
async function giveOperatorDocuments(office: WriteContext, id: string, held: OperatorDocuments) {
  const { db, company, records } = office;
  const stored = await records.trabajadores.load(db, company, id);
  if (!stored || !records.trabajadores.update) return;
  const child = (kind: string, n: number) => seedId(company, kind, id, n);
  const licencias: Licencia[] = held.licencias.map((row, n) => ({ ...row, IdLicencia: child('licencia_flota', n), Estado: 1, Archivos: [] }));
  const certificaciones: Certificacion[] = held.certificaciones.map((row, n) => ({
    ...row,
    IdCertificacion: child('certificacion_operador', n),
    IdCargo: null,
    Estado: 1,
    Archivos: [],
  }));
  const row = {
    ...stored.row,
    licencias: [...stored.row.licencias, ...licencias],
    certificaciones: [...stored.row.certificaciones, ...certificaciones],
    Version: stored.row.Version + 1,
  };
  await records.trabajadores.update(db, row, stored.fieldVersions);
  await logRecord(office, db, trabajadorEntity, id, stored.row);
}

/** Writes through the kit's create, as the office would: the body as its schema reads it, plus what the server adds. */
function creator(office: WriteContext) {
  return (entity: AnyEntity, body: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    createRecord(office, entity, { ...(v.parse(entity.createBody!, body) as Record<string, unknown>), ...extra });
}

/** An asset of the demo, its certificates and its readings. */
interface DemoAsset {
  table: AssetTable;
  id: string;
  body: Record<string, unknown>;
  certificates: DemoCertificate[];
  readings?: DemoReading[];
}

/** The asset, then each certificate and reading where the asset is (its worksite and contractor, as the server copies them). */
async function seedAsset(office: WriteContext, { table, id, body, certificates, readings = [] }: DemoAsset) {
  const create = creator(office);
  const at = (offset: number) => new Date(office.now.getTime() + offset * DAY);
  await create(ASSET_KINDS[table].entity, { [ASSET_KINDS[table].id]: id, ...body });
  const where = { IdNivel2: body.IdNivel2, IdNivel3: null, RutContratista: body.RutContratista ?? '' };
  for (const [Clase, issued, months, reading] of certificates) {
    const FechaEmision = toWireDate(at(issued));
    const certificate = { IdCertificacion: seedId(office.company, 'certificado_flota', id, Clase), IdActivo: id, Clase, FechaEmision };
    const due = { FechaVencimiento: expiryDate(FechaEmision, months) ?? '', LecturaVencimiento: reading ?? null, Certificador: 'Organismo certificador' };
    await create(CERTIFICATES[table], { ...certificate, ...due }, where);
  }
  const taker = { IdUsuario: office.user, NombreUsuario: office.userName };
  for (const [n, [offset, Valor, Motivo = '']] of readings.entries()) {
    const reading = { IdLectura: seedId(office.company, 'lectura_flota', id, n), IdActivo: id, Fecha: at(offset).toISOString(), Valor, Motivo };
    await create(READINGS[table as keyof typeof READINGS], reading, { ...where, ...taker });
  }
}

/** The two types: a pickup by km, licence B; a forklift by hours, licence D, the exam and the internal authorisation. */
async function seedTypes(office: WriteContext, ids: { pickup: string; forklift: string }) {
  const create = creator(office);
  const exam = await operatorCertification(office, EXAM, 'Centro de exámenes psicotécnicos');
  const authorisation = await operatorCertification(office, FORKLIFT_AUTHORISATION, 'Departamento de prevención de riesgos');
  await create(tipoVehiculoEntity, {
    IdTipoVehiculo: ids.pickup,
    Nombre: 'Camioneta',
    Medidor: 'km',
    Certificaciones: requirements([['revision_tecnica', 12], ['soap', 12], ['permiso_circulacion', 12], ['mantencion', 6, 10_000]]),
    ClaseLicencia: 'B',
  });
  await create(tipoEquipoEntity, {
    IdTipoEquipo: ids.forklift,
    Nombre: 'Grúa horquilla',
    Medidor: 'horas',
    Certificaciones: requirements([['mantencion', 6, 250], ['izaje', 12], ['prueba_carga', 12]]),
    ClaseLicencia: 'D',
    CertificacionesOperador: [exam, authorisation],
  });
  return { exam, authorisation };
}

/**
 * The demo company's fleet (issue 38), once: a pickup type and a forklift type, at its two worksites two pickups (one
 * in order, one of the contractor with its SOAP about to expire), a forklift unfit by its expired lifting certificate,
 * and a fuel tank whose insurance was never registered; readings with one correction; operators with a licence and
 * exam in force, one with an expired licence and one with none. Dates follow `now`, so the states hold at the start.
 */
export async function seedFleetDemo(db: Db, company: string, now: Date, { records }: DemoSeedTools): Promise<void> {
  const types = { pickup: seedId(company, 'tipo_vehiculo', 'Camioneta'), forklift: seedId(company, 'tipo_equipo', 'Grúa horquilla') };
  if (await records.tipos_vehiculo.companyOf(db, types.pickup)) return;
  const levels = await records.niveles.listActive(db, company, { kind: 'empresa' });
  const worksite = (name: string) => levels.find((level) => level.TipoNivel === 2 && level.Nombre === name)?.IdNivel;
  const [andes, north] = [worksite('Faena Los Andes'), worksite('Faena Ruta 5 Norte')];
  if (!andes || !north) return;
  const worker = (n: number) => seedId(company, 'trabajador', n);
  const day = (offset: number) => toWireDate(new Date(now.getTime() + offset * DAY));
  await db.transaction().execute(async (trx) => {
    const office = await officeContext(trx, company, now, records);
    if (!office) return;
    const { exam, authorisation } = await seedTypes(office, types);
    const pickup = (Patente: string) => ({ Patente, IdTipoVehiculo: types.pickup, Marca: 'Toyota', Modelo: 'Hilux', Anio: 2022 });
    const responsible = 'supervisor@andesdemo.cl';
    const contractor = { RutContratista: DEMO_CONTRACTOR.RutCompleto, CorreoResponsable: DEMO_CONTRACTOR.Correo };
    const assets: DemoAsset[] = [
      {
        table: 'vehiculos',
        id: seedId(company, 'vehiculo', 1),
        body: { ...pickup('JHKL42'), IdNivel2: andes, CorreoResponsable: responsible, Operadores: [worker(11)] },
        certificates: [['revision_tecnica', -100, 12], ['soap', -60, 12], ['permiso_circulacion', -60, 12], ['mantencion', -30, 6, 55_000]],
        // A reading typed with a zero too many, then corrected.
        readings: [[-20, 48_120], [-6, 481_200], [-5, 48_350, 'Corrige la lectura anterior: se digitó un cero de más']],
      },
      {
        table: 'vehiculos',
        id: seedId(company, 'vehiculo', 2),
        body: { ...pickup('PRTZ17'), IdNivel2: north, ...contractor, Operadores: [worker(17)] },
        certificates: [['revision_tecnica', -120, 12], ['soap', -345, 12], ['permiso_circulacion', -60, 12], ['mantencion', -50, 6, 70_000]],
        readings: [[-3, 62_400]],
      },
      {
        table: 'equipos',
        id: seedId(company, 'equipo', 1),
        body: { Codigo: 'GH-01', Nombre: 'Grúa horquilla 2,5 t', IdTipoEquipo: types.forklift, Marca: 'Toyota', Modelo: '8FG25', Anio: 2019,
          IdNivel2: north, CorreoResponsable: responsible, Operadores: [worker(15)] },
        certificates: [['mantencion', -40, 6, 1_300], ['izaje', -375, 12], ['prueba_carga', -165, 12]],
        readings: [[-30, 1_120], [-2, 1_180]],
      },
      {
        table: 'instalaciones',
        id: seedId(company, 'instalacion', 1),
        body: { Nombre: 'Estanque de combustible diésel', Descripcion: 'Estanque de superficie de 10 m³ con surtidor', IdNivel2: andes,
          Certificaciones: requirements([['mantencion', 12], ['seguro', 12]]), CorreoResponsable: responsible },
        certificates: [['mantencion', -90, 12]],
      },
    ];
    for (const asset of assets) await seedAsset(office, asset);
    await giveOperatorDocuments(office, worker(15), {
      licencias: [{ Clase: 'D', FechaVencimiento: day(900) }],
      certificaciones: [
        { IdCertificacionCatalogo: exam, Nombre: EXAM, FechaVencimiento: day(200) },
        { IdCertificacionCatalogo: authorisation, Nombre: FORKLIFT_AUTHORISATION, FechaVencimiento: day(200) },
      ],
    });
    await giveOperatorDocuments(office, worker(11), { licencias: [{ Clase: 'B', FechaVencimiento: day(-10) }], certificaciones: [] });
  });
}
