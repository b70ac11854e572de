import { toWireDate } from '#sync/domain/dates.ts';
import type { ReviewState } from '#sync/domain/review-state.ts';
import { type Semaforo, semaforoOnDay } from '#sync/domain/traffic-light.ts';
import { FORMULARIO_TYPES, type FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import { Dexie, type Table } from 'dexie';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { LAST_SUCCESS_KEY } from '#app/sync/device-sync.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** The filters of both follow-up lists (inspections and observations); '' means "any". */
export interface FollowUpFilters {
  tipo: '' | FormularioTipo;
  formulario: string;
  /** YYYY-MM-DD, inclusive. */
  desde: string;
  hasta: string;
  nv2: string;
  nv3: string;
  contratista: string;
  semaforo: '' | '1' | '2' | '3';
  /** Observations only. */
  estado: '' | ReviewState;
}

export const NO_FOLLOW_UP_FILTERS: FollowUpFilters = {
  tipo: '',
  formulario: '',
  desde: '',
  hasta: '',
  nv2: '',
  nv3: '',
  contratista: '',
  semaforo: '',
  estado: '',
};

export function hasFilters(filters: FollowUpFilters): boolean {
  return Object.values(filters).some(Boolean);
}

/** Spec part 1, section 5 (period): the messages of a reversed date range. */
export const DATE_RANGE_MESSAGES = {
  desde: 'Fecha inicial no puede ser mayor que Fecha final',
  hasta: 'Fecha final no puede ser menor que Fecha inicial',
} as const;

export function dateRangeInvalid(filters: Pick<FollowUpFilters, 'desde' | 'hasta'>): boolean {
  return filters.desde !== '' && filters.hasta !== '' && filters.desde > filters.hasta;
}

export interface DateRange {
  desde: string | null;
  hasta: string | null;
}

/** The range a query uses: a reversed range is shown as an error and not applied. */
export function queryRange(filters: Pick<FollowUpFilters, 'desde' | 'hasta'>): DateRange {
  if (dateRangeInvalid(filters)) return { desde: null, hasta: null };
  return { desde: filters.desde || null, hasta: filters.hasta || null };
}

export function isFormularioTipo(value: string | undefined): value is FormularioTipo {
  return (FORMULARIO_TYPES as readonly string[]).includes(value ?? '');
}

/** Today in Chile (YYYY-MM-DD): the day the overdue rule compares with (SPEC OV1). */
export function todayInChile(now = new Date()): string {
  return toWireDate(now);
}

/** The light a person sees: the stored one, or red once the deadline passed (SPEC OV1, also before the next pull). */
export function observationLight(observation: LocalObservacion, today: string): Semaforo {
  return semaforoOnDay(observation, today);
}

type DateIndexedTable = Table<unknown, string>;

/** Keys of `[field+Fecha]` for one value within the range, in date order. */
function byValueInRange(table: DateIndexedTable, index: string, value: string | number, range: DateRange) {
  return table.where(index).between([value, range.desde ?? Dexie.minKey], [value, range.hasta ?? Dexie.maxKey], true, true);
}

function inRange(fecha: string, range: DateRange): boolean {
  return (range.desde === null || fecha >= range.desde) && (range.hasta === null || fecha <= range.hasta);
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Deadlines before this day were already judged by the server's overdue rule when the device last synced (SPEC OV1:
 * the server applies it within minutes, the pull brings it): the day before the last full sync; null before any.
 */
export async function serverSettledDay(db: AppDb): Promise<string | null> {
  const lastSync = await db.syncMeta.get(LAST_SUCCESS_KEY);
  return typeof lastSync?.value === 'number' ? dayBefore(toWireDate(new Date(lastSync.value))) : null;
}

/**
 * Observations stored green or yellow that the overdue rule has turned red on this device (SPEC OV1), within the
 * range. The server applies the rule within minutes and the pull brings it, so only deadlines from the day before
 * the last full sync on, and rows a queued write keeps from being pulled (PL3), can still be stored that way: only
 * those rows are read. Without a sync yet, every past deadline is read.
 */
async function turnedRedOnDevice(db: AppDb, range: DateRange, today: string): Promise<Set<string>> {
  const [since, queuedKeys] = await Promise.all([serverSettledDay(db), db.outbox.where('recordKey').startsWith('observaciones:').keys()]);
  const due =
    since === null ? db.observaciones.where('Plazo').below(today) : db.observaciones.where('Plazo').between(since, today, true, false);
  const queued = (queuedKeys as string[]).map((key) => key.slice('observaciones:'.length));
  const rows = await db.observaciones.bulkGet([...new Set([...(await due.primaryKeys()), ...queued])]);
  return new Set(
    rows
      .filter(
        (row): row is LocalObservacion =>
          row !== undefined && row.SemaforoObs !== 3 && inRange(row.Fecha, range) && observationLight(row, today) === 3,
      )
      .map((row) => row.IdObservacion),
  );
}

/**
 * Ids of the active observations whose light, with the overdue rule, is `semaforo` (as `semaforoOnDay`), within the
 * range, from the light index: the stored light, minus or plus the few the rule turned red since the last sync.
 */
export async function observationIdsWithLight(db: AppDb, semaforo: Semaforo, range: DateRange, today: string): Promise<Set<string>> {
  const table = db.observaciones as unknown as DateIndexedTable;
  const [stored, turned] = await Promise.all([
    byValueInRange(table, '[SemaforoObs+Fecha]', semaforo, range).primaryKeys(),
    turnedRedOnDevice(db, range, today),
  ]);
  if (semaforo === 3) return new Set([...stored, ...turned]);
  return new Set(stored.filter((id) => !turned.has(id)));
}

/** IdObservacion -> IdEvaluacion of the device's observations; an observation never changes inspection. */
const inspectionOfObservation = new WeakMap<AppDb, Map<string, string>>();

/**
 * The inspections of some observations. The pairs are read once from the IdEvaluacion index (keys only, no rows),
 * then kept: later calls read only observations not seen yet.
 */
export async function inspectionsOf(db: AppDb, observationIds: Iterable<string>): Promise<Set<string>> {
  let known = inspectionOfObservation.get(db);
  if (!known) {
    const pairs = new Map<string, string>();
    await db.observaciones.orderBy('IdEvaluacion').eachKey((key, cursor) => void pairs.set(cursor.primaryKey as string, key as string));
    known = pairs;
    inspectionOfObservation.set(db, known);
  }
  const ids = [...observationIds];
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    for (const row of await db.observaciones.bulkGet(unknown)) if (row) known.set(row.IdObservacion, row.IdEvaluacion);
  }
  return new Set(ids.flatMap((id) => known.get(id) ?? []));
}

/** Builds the observation-to-inspection pairs ahead, while the person reads the list. */
export function warmInspectionsOf(db: AppDb): Promise<unknown> {
  return inspectionsOf(db, []);
}

/** The inspection-level filters, in the order they narrow best: the first present one gives the date order. */
function indexedInspectionFilters(filters: FollowUpFilters): { index: string; value: string }[] {
  const candidates = [
    { index: '[IdNivel3+Fecha]', value: filters.nv3 },
    { index: '[IdFormulario+Fecha]', value: filters.formulario },
    { index: '[IdNivel2+Fecha]', value: filters.nv2 },
    { index: '[RutContratista+Fecha]', value: filters.contratista },
    { index: '[Tipo+Fecha]', value: filters.tipo },
  ];
  return candidates.filter((filter) => filter.value !== '');
}

/** True when a filter other than the light and the state narrows inspections. */
export function hasInspectionFilters(filters: FollowUpFilters): boolean {
  return indexedInspectionFilters(filters).length > 0;
}

/**
 * Ids of the matching inspections, newest first, from the indexes only: one compound index gives the date order,
 * the other filters narrow it as key sets, and no inspection row is read. The light filter keeps inspections with
 * an active observation of that light (with the overdue rule), reading only those observations.
 */
export async function matchingInspectionIds(db: AppDb, filters: FollowUpFilters, today: string): Promise<string[]> {
  const range = queryRange(filters);
  const table = db.inspecciones as unknown as DateIndexedTable;
  const [lead, ...rest] = indexedInspectionFilters(filters);
  const base = lead
    ? byValueInRange(table, lead.index, lead.value, range).reverse().primaryKeys()
    : range.desde || range.hasta
      ? db.inspecciones
          .where('Fecha')
          .between(range.desde ?? Dexie.minKey, range.hasta ?? Dexie.maxKey, true, true)
          .reverse()
          .primaryKeys()
      : db.inspecciones.orderBy('Fecha').reverse().primaryKeys();
  const narrowing: Promise<Set<string>>[] = rest.map((filter) =>
    byValueInRange(table, filter.index, filter.value, range)
      .primaryKeys()
      .then((keys) => new Set(keys)),
  );
  if (filters.semaforo) {
    narrowing.push(observationIdsWithLight(db, Number(filters.semaforo) as Semaforo, range, today).then((ids) => inspectionsOf(db, ids)));
  }
  const [ids, ...sets] = await Promise.all([base, ...narrowing]);
  // Smallest set first: most ids fail the first lookup.
  sets.sort((a, b) => a.size - b.size);
  return sets.length === 0 ? ids : ids.filter((id) => sets.every((set) => set.has(id)));
}

/**
 * The distinct first parts of a compound index, skipping from one value to the next: a handful of reads for the
 * few templates or contractors of thousands of inspections.
 */
export async function distinctLeadingValues(table: DateIndexedTable, index: string, limit = 500): Promise<string[]> {
  const values: string[] = [];
  let next = await table.orderBy(index).limit(1).keys();
  while (next.length > 0 && values.length < limit) {
    const value = (next[0] as unknown as [string, string])[0];
    values.push(value);
    next = await table.where(index).above([value, Dexie.maxKey]).limit(1).keys();
  }
  return values;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** Templates on the device and those only named by inspections (retired ones are not kept), by name. */
export async function templateOptions(db: AppDb): Promise<FilterOption[]> {
  const [templates, used] = await Promise.all([
    db.formularios.orderBy('orden').toArray(),
    distinctLeadingValues(db.inspecciones as unknown as DateIndexedTable, '[IdFormulario+Fecha]'),
  ]);
  const names = new Map(templates.map((template) => [template.IdFormulario, template.Nombre]));
  for (const id of used) {
    if (names.has(id)) continue;
    const named = await db.inspecciones.where('[IdFormulario+Fecha]').between([id, Dexie.minKey], [id, Dexie.maxKey]).last();
    names.set(id, named?.NombreFormulario ?? 'Formulario retirado');
  }
  return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

export function useTemplateOptions(): FilterOption[] | undefined {
  return useDbQuery((db) => templateOptions(db), []);
}

/** RUTs of the contractors named by inspections on the device. */
export function useContractorRutsOfInspections(): string[] | undefined {
  return useDbQuery((db) => distinctLeadingValues(db.inspecciones as unknown as DateIndexedTable, '[RutContratista+Fecha]'), []);
}
