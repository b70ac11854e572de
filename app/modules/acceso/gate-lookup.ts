import { toWireDate } from '#sync/domain/dates.ts';
import { type DayPass, importPassPublicKey, type PassPublicKey, verifyDayPass } from '#sync/domain/day-pass.ts';
import { assetFitness, type RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import type { GateCredential } from '#sync/domain/gate-credentials.ts';
import { assetAtGate, type GateAnswer, personAtGate } from '#sync/domain/gate-decision.ts';
import { currentReading } from '#sync/domain/meter-readings.ts';
import { DEFAULT_PROVISIONAL_PER_YEAR, DEFAULT_SHIFT_ENDS } from '#sync/domain/on-site.ts';
import { personName } from '#sync/domain/person-name.ts';
import type { EntityTable } from '#sync/records/entities.ts';
import type { Table } from 'dexie';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { assetCode, type GateCheck, gateAccreditations, GATE_SCREEN_MESSAGES, rutWord } from './gate-view.ts';

/** The gate's reads of the device's database: everything offline, from what the last sync left. */

const rows = <T extends EntityTable>(db: AppDb, table: T) => db.table(table) as Table<LocalRows[T], string>;

const refused = (Motivos: string[]): GateAnswer => ({ Permitido: 0, Via: '', Hasta: '', Motivos });

export interface GateSettings {
  FinesTurno: readonly string[];
  MaxProvisoriosAnio: number;
}

/** The company's gate settings on the device, or the defaults before the first sync brings them. */
export async function gateSettings(db: AppDb): Promise<GateSettings> {
  const row = (await rows(db, 'ajustes_acceso').toArray()).find((setting) => setting.Estado !== 0);
  return row ?? { FinesTurno: DEFAULT_SHIFT_ENDS, MaxProvisoriosAnio: DEFAULT_PROVISIONAL_PER_YEAR };
}

/** A person's check by RUT at a worksite now, with the day pass they showed when it was one. */
async function personCheck(db: AppDb, Rut: string, IdNivel2: string, now: Date, pass: DayPass | null): Promise<GateCheck> {
  const [workers, accreditations, provisional, dayPasses] = await Promise.all([
    db.trabajadores.where('palabras').equals(rutWord(Rut)).toArray(),
    rows(db, 'acreditaciones').where('RunPersona').equals(Rut).toArray(),
    rows(db, 'pases_provisorios').where('Rut').equals(Rut).toArray(),
    rows(db, 'pases_dia').toArray(),
  ]);
  const worker = workers.filter((row) => row.RunPersona === Rut).sort((a, b) => b.Estado - a.Estado)[0];
  const person = worker && { RutContratista: worker.RutContratista ?? '', Estado: worker.Estado };
  const revoked = new Set(dayPasses.filter((row) => row.Revocado === 1).map((row) => row.IdPase));
  const at = { IdNivel2, Rut, today: toWireDate(now), now: now.toISOString() };
  const answer = personAtGate(at, person, {
    accreditations: gateAccreditations(accreditations),
    pass,
    revoked,
    provisional: provisional.filter((row) => row.Estado !== 0),
  });
  const Nombre =
    (worker && personName(worker)) ||
    accreditations[0]?.NombrePersona ||
    provisional[0]?.Nombre ||
    dayPasses.find((row) => row.Rut === Rut)?.Nombre ||
    '';
  return { Sujeto: 'persona', Rut, IdActivo: null, Nombre, answer };
}

interface HeldAsset {
  Sujeto: 'vehiculo' | 'equipo';
  id: string;
  Nombre: string;
  RutContratista: string;
  Estado: number;
  type: string;
}

/** The vehicle or machine with that plate or code that the worksite holds (its own, or accredited there). */
async function findAsset(db: AppDb, code: string, IdNivel2: string): Promise<HeldAsset | undefined> {
  const [vehicles, machines, accredited] = await Promise.all([
    rows(db, 'vehiculos').toArray(),
    rows(db, 'equipos').toArray(),
    rows(db, 'acreditaciones_activo').toArray(),
  ]);
  const accreditedHere = new Set(accredited.filter((row) => row.IdNivel2 === IdNivel2 && row.Estado !== 0).map((row) => row.IdActivo));
  const here = (row: { IdNivel2: string; Estado: number }, id: string) =>
    row.Estado !== 0 && (row.IdNivel2 === IdNivel2 || accreditedHere.has(id));
  const vehicle = vehicles.find((row) => assetCode(row.Patente) === code && here(row, row.IdVehiculo));
  if (vehicle)
    return { Sujeto: 'vehiculo', id: vehicle.IdVehiculo, Nombre: vehicle.Patente, RutContratista: vehicle.RutContratista, Estado: vehicle.Estado, type: vehicle.IdTipoVehiculo };
  const machine = machines.find((row) => assetCode(row.Codigo) === code && here(row, row.IdEquipo));
  if (!machine) return undefined;
  const Nombre = [machine.Codigo, machine.Nombre].filter(Boolean).join(' · ');
  return { Sujeto: 'equipo', id: machine.IdEquipo, Nombre, RutContratista: machine.RutContratista, Estado: machine.Estado, type: machine.IdTipoEquipo };
}

/** Whether the asset may operate today by its type's mandatory certificates and its meter (as the fleet's screens judge it). */
async function fitnessOf(db: AppDb, asset: HeldAsset, today: string) {
  const [typeTable, certificates, readings] =
    asset.Sujeto === 'vehiculo'
      ? (['tipos_vehiculo', 'certificaciones_vehiculo', 'lecturas_vehiculo'] as const)
      : (['tipos_equipo', 'certificaciones_equipo', 'lecturas_equipo'] as const);
  const [type, held, taken] = await Promise.all([
    rows(db, typeTable).get(asset.type),
    rows(db, certificates).where('IdActivo').equals(asset.id).toArray(),
    rows(db, readings).where('IdActivo').equals(asset.id).toArray(),
  ]);
  const requirements = (type?.Certificaciones ?? []) as readonly RequisitoClase[];
  const meter = type && type.Medidor !== '' ? currentReading(taken.filter((row) => row.Estado !== 0)) : null;
  return assetFitness(requirements, held.filter((row) => row.Estado !== 0), today, meter);
}

async function assetCheck(db: AppDb, code: string, IdNivel2: string, now: Date): Promise<GateCheck> {
  const asset = await findAsset(db, assetCode(code), IdNivel2);
  const at = { IdNivel2, today: toWireDate(now), now: now.toISOString() };
  if (!asset) {
    const answer = assetAtGate(at, undefined, { accreditations: [], fitness: null });
    return { Sujeto: 'vehiculo', Rut: '', IdActivo: null, Nombre: assetCode(code), answer };
  }
  const accreditations = await rows(db, 'acreditaciones_activo').where('IdActivo').equals(asset.id).toArray();
  const fitness = await fitnessOf(db, asset, at.today);
  const answer = assetAtGate(at, asset, { accreditations: gateAccreditations(accreditations), fitness });
  return { Sujeto: asset.Sujeto, Rut: '', IdActivo: asset.id, Nombre: asset.Nombre, answer };
}

/** The gate's answer for what was read, from the device alone; a day pass is verified with the company's public key. */
export async function checkAtGate(
  db: AppDb,
  credential: GateCredential,
  place: { IdNivel2: string; key: PassPublicKey | undefined },
  now = new Date(),
): Promise<GateCheck> {
  if (credential.kind === 'persona') return personCheck(db, credential.Rut, place.IdNivel2, now, null);
  if (credential.kind === 'activo') return assetCheck(db, credential.code, place.IdNivel2, now);
  const pass = place.key ? await verifyDayPass(await importPassPublicKey(place.key), credential.token) : null;
  if (!pass) {
    const reason = place.key ? GATE_SCREEN_MESSAGES.forgedPass : GATE_SCREEN_MESSAGES.noPassKey;
    return { Sujeto: 'persona', Rut: '', IdActivo: null, Nombre: '', answer: refused([reason]) };
  }
  return personCheck(db, pass.Rut, place.IdNivel2, now, pass);
}

/** The provisional passes of a person on the device: what the yearly limit counts before a new one is given. */
export function provisionalPassesOf(db: AppDb, Rut: string) {
  return rows(db, 'pases_provisorios').where('Rut').equals(Rut).toArray();
}

/** The worksite's movements on the device (pulled, and logged here still queued): what is counted inside. */
export function movementsAt(db: AppDb, IdNivel2: string) {
  return rows(db, 'movimientos_acceso').where('IdNivel2').equals(IdNivel2).filter((row) => row.Estado !== 0).toArray();
}
