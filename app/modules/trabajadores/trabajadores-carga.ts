import { parseTypedDate } from '#sync/domain/dates.ts';
import { RUT_MESSAGES, rutError } from '#sync/domain/rut.ts';
import { COMPANY_TYPES, EMPTY_MEDICAL_DATE, TrabajadorCreateBodySchema, TRABAJADORES_MESSAGES } from '#sync/schemas/trabajadores.schema.ts';
import * as v from 'valibot';
import { fold } from '#app/db/reference-rows.ts';
import type { CsvLoadSpec, CsvRowCheck } from '#app/ui/records/csv-load.ts';
import { byFoldedName, type LoadLevels, levelsByName } from '#app/ui/records/load-levels.ts';
import type { WorkerDraft } from './trabajador-writes.ts';

export const WORKER_LOAD_MESSAGES = {
  cargoUnknown: (name: string) => `${TRABAJADORES_MESSAGES.cargoInvalid} («${name}»)`,
  dateInvalid: 'La fecha debe ser DD/MM/AAAA y existir en el calendario',
  notOwn: TRABAJADORES_MESSAGES.contractorOnly,
} as const;

export interface LoadCargo {
  IdCargo: string;
  NombreCargo: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
}

/** What a row is checked against, all read from this device. */
export interface WorkerLoadContext extends LoadLevels {
  cargos: readonly LoadCargo[];
  /** The RUTs of the workers on this device as the search keeps them: digits and check digit, lower case ("12345678k"). */
  existing: ReadonlySet<string>;
  /** A contractor's user loads only its own workers: its RUT fills an empty column. */
  ownRut: string | null;
}

/** A good row: the worker's fields as the form would give them (no files, no e-mail: those need the person). */
export type WorkerLoadFields = WorkerDraft['fields'];

const COLUMNS = {
  rut: 'RUT',
  names: 'Nombres',
  surname: 'Apellido Paterno',
  second: 'Apellido Materno',
  cargo: 'Cargo',
  level2: 'Nivel 2',
  level3: 'Nivel 3',
  contractor: 'RUT contratista',
  medical: 'Fecha ficha médica',
} as const;

/**
 * A position by its name. The form lets any position go with any levels; when the company has one name per
 * worksite ("Operador" of each faena), the one of the worker's levels is taken.
 */
function cargoOf(cargos: readonly LoadCargo[], name: string, nv2: string | null, nv3: string | null): LoadCargo | undefined {
  const fits = (cargo: LoadCargo) =>
    (cargo.IdNivel2 === null || cargo.IdNivel2 === nv2) && (cargo.IdNivel3 === null || cargo.IdNivel3 === nv3);
  const rank = (cargo: LoadCargo) => (fits(cargo) ? 4 : 0) + Number(cargo.IdNivel3 !== null) * 2 + Number(cargo.IdNivel2 !== null);
  return [...byFoldedName(cargos, name, (cargo) => cargo.NombreCargo)].sort((a, b) => rank(b) - rank(a))[0];
}

/** The body's own rules and messages for the fields a file carries. */
const RowSchema = v.pick(TrabajadorCreateBodySchema, ['RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'RutContratista']);
const FIELD_COLUMNS: Record<string, string> = {
  RunPersona: COLUMNS.rut,
  Nombres: COLUMNS.names,
  ApellidoPaterno: COLUMNS.surname,
  ApellidoMaterno: COLUMNS.second,
  RutContratista: COLUMNS.contractor,
};
const OWN_STAFF = new Set(['', 'personal propio', 'propio', 'propia']);

/** One row of a payroll file: the worker's fields, or the first thing wrong with it and in which column. */
/** Payroll exports often drop the RUT's dash ("123456785"): put it back before the RUT rules read it. */
function rutCell(cell: string): string {
  const dashless = cell !== '' && rutError(cell) === RUT_MESSAGES.format && /^\d{7,8}[\dkK]$/.test(cell.replace(/[.\s]/g, ''));
  return dashless ? `${cell.slice(0, -1)}-${cell.slice(-1)}` : cell;
}

export function checkWorkerRow(cells: readonly string[], context: WorkerLoadContext): CsvRowCheck<WorkerLoadFields> {
  const [cell = '', nombres = '', paterno = '', materno = '', cargo = '', nivel2 = '', nivel3 = '', contratista = '', ficha = ''] = cells.map(
    (value) => value.trim(),
  );
  const rut = rutCell(cell);
  const contractorText = OWN_STAFF.has(fold(contratista)) ? '' : contratista;
  const parsed = v.safeParse(RowSchema, {
    RunPersona: rut,
    Nombres: nombres,
    ApellidoPaterno: paterno,
    ApellidoMaterno: materno,
    RutContratista: contractorText || (context.ownRut ?? ''),
  });
  if (!parsed.success) return { message: parsed.issues[0].message, column: FIELD_COLUMNS[String(parsed.issues[0].path?.[0]?.key)] };
  const body = parsed.output;
  if (context.ownRut && body.RutContratista !== context.ownRut.replace(/[.\s]/g, '').toUpperCase()) {
    return { message: WORKER_LOAD_MESSAGES.notOwn, column: COLUMNS.contractor };
  }
  const levels = levelsByName(nivel2, nivel3, context);
  if ('message' in levels) return levels;
  const cargos: string[] = [];
  for (const name of cargo.split('|').map((part) => part.trim()).filter(Boolean)) {
    const found = cargoOf(context.cargos, name, levels.nv2, levels.nv3);
    if (!found) return { message: WORKER_LOAD_MESSAGES.cargoUnknown(name), column: COLUMNS.cargo };
    cargos.push(found.IdCargo);
  }
  const medical = parseTypedDate(ficha);
  if (medical.kind === 'invalid') return { message: WORKER_LOAD_MESSAGES.dateInvalid, column: COLUMNS.medical };
  const contractor = body.RutContratista || null;
  return {
    fields: {
      RunPersona: body.RunPersona,
      Nombres: body.Nombres,
      ApellidoPaterno: body.ApellidoPaterno,
      ApellidoMaterno: body.ApellidoMaterno,
      cargos: [...new Set(cargos)],
      IdNivel2: levels.nv2,
      IdNivel3: levels.nv3,
      IdNivel4: null,
      TipoEmpresa: contractor ? COMPANY_TYPES.contratista : COMPANY_TYPES.empresa,
      RutContratista: contractor,
      FichaMedica: null,
      FechaFichaMedica: medical.kind === 'date' ? `${medical.wire} 00:00:00` : EMPTY_MEDICAL_DATE,
      Firma: null,
      CorreoPersonal: '',
      ConsentimientoCorreo: null,
    },
  };
}

/** The load on the kit: columns by the template's names and the usual Chilean payroll headers. */
export const WORKER_LOAD: CsvLoadSpec<WorkerLoadFields, WorkerLoadContext> = {
  columns: [
    { name: COLUMNS.rut, aliases: ['Rut Trabajador', 'RUN', 'Run Trabajador', 'Rut Persona', 'RunPersona', 'Rut del trabajador'], required: true },
    { name: COLUMNS.names, aliases: ['Nombre', 'Nombres Trabajador', 'Primer Nombre'], required: true },
    { name: COLUMNS.surname, aliases: ['Ap. Paterno', 'Apellido 1', 'Primer Apellido', 'Paterno', 'ApellidoPaterno'], required: true },
    { name: COLUMNS.second, aliases: ['Ap. Materno', 'Apellido 2', 'Segundo Apellido', 'Materno', 'ApellidoMaterno'] },
    { name: COLUMNS.cargo, aliases: ['Cargos', 'Cargo Trabajador', 'Puesto', 'Nombre Cargo'] },
    { name: COLUMNS.level2, aliases: (context) => [context.levelLabels[0]] },
    { name: COLUMNS.level3, aliases: (context) => [context.levelLabels[1]] },
    { name: COLUMNS.contractor, aliases: ['Rut Contratista', 'Rut Empresa Contratista', 'Contratista'] },
    { name: COLUMNS.medical, aliases: ['Fecha Ficha Medica', 'Ficha médica', 'Fecha examen médico'] },
  ],
  // One load is one local transaction on a tablet, and the outbox then drains it in batches of 100.
  maxRows: 5_000,
  checkRow: checkWorkerRow,
  key: (fields) => fields.RunPersona.replace(/[.-]/g, '').toLowerCase(),
  existing: (context) => context.existing,
  messages: { duplicate: TRABAJADORES_MESSAGES.rutDuplicate, duplicateColumn: COLUMNS.rut },
};
