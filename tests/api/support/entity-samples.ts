import * as v from 'valibot';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ENTITIES, type EntityTable } from '#sync/records/entities.ts';
import type { AnyEntity } from '#sync/records/entity.ts';

type Row = Record<string, unknown>;

/** An entity a person edits: editable `fields`, a create and an update body, create, update and delete calls. */
export const isWritable = (entity: AnyEntity) =>
  entity.fields.length > 0 &&
  !!entity.createBody &&
  !!entity.updateBody &&
  entity.api.create !== undefined &&
  entity.api.update !== undefined &&
  entity.api.remove !== undefined;

/** The entries of an object schema, also when it is piped (an object with checks across its fields). */
export function entriesOf(schema: unknown): Record<string, v.GenericSchema> {
  const candidate = schema as { entries?: Record<string, v.GenericSchema>; pipe?: unknown[] };
  if (candidate.entries) return candidate.entries;
  if (candidate.pipe) return entriesOf(candidate.pipe[0]);
  throw new Error('not an object schema');
}

export const parses = (schema: v.GenericSchema | undefined, value: unknown) => !!schema && v.safeParse(schema, value).success;

/** An update body: the id (when the body carries it), the Version it is based on and the changed fields. */
export function updateBody(entity: AnyEntity, row: Row, version: number, fields: Row): Row {
  return { ...(entity.id in entriesOf(entity.updateBody) ? { [entity.id]: row[entity.id] } : {}), Version: version, ...fields };
}

/** An edit of one field the update accepts: a text changed, a number raised, a list shortened. */
export function anEdit(entity: AnyEntity, row: Row, round: number): Row {
  for (const field of entity.fields) {
    const value = row[field];
    const candidates =
      typeof value === 'string'
        ? [`${value} (${round})`]
        : typeof value === 'number'
          ? [value + round]
          : Array.isArray(value) && value.length > round
            ? [value.slice(round)]
            : [];
    for (const candidate of candidates) {
      if (parses(entity.updateBody, updateBody(entity, row, 1, { [field]: candidate }))) return { [field]: candidate };
    }
  }
  throw new Error(`${entity.table}: ningún campo editable admite un cambio simple`);
}

/** A text field that names the record (its display name changes with it) and accepts another value. */
export function namingField(entity: AnyEntity, body: Row): string | undefined {
  return entity.fields.find(
    (field) =>
      typeof body[field] === 'string' &&
      entity.displayName({ ...body, [field]: `${String(body[field])}~` }) !== entity.displayName(body) &&
      parses(entity.createBody, { ...body, [field]: `${String(body[field])} x` }),
  );
}

/** Where the samples come from: the demo company's active rows, and a created record another sample needs. */
export interface SampleSource {
  activeRows(entity: AnyEntity): Promise<Row[]>;
  createSample(entity: AnyEntity): Promise<Row>;
}

/**
 * Valid create bodies built from an entity's description: the create schema's fields copied from an active record
 * of the demo company (so references, files and cross-field rules hold), a new id, child lists the create does not
 * need left out, and a fresh name (and the values the module keeps unique).
 */
export function entitySamples(source: SampleSource) {
  let samples = 0;
  const freshRut = () => {
    const body = String(24_000_000 + samples * 7919);
    return `${body}-${rutCheckDigit(body)}`;
  };
  /**
   * Values that must differ from every other active record of the company, where the module's uniqueness is not
   * the record's name: an activity's SII code, a month of headcount (per levels and contractor), a worker's RUT,
   * the position an EPP assignment is for, a provider's RUT.
   */
  const uniqueValues: Partial<Record<EntityTable, () => Row | Promise<Row>>> = {
    actividades_economicas: () => ({ Codigo: String(910_000 + samples) }),
    dotaciones: () => ({ Mes: `2019-${String((samples % 12) + 1).padStart(2, '0')}` }),
    trabajadores: () => ({ RunPersona: freshRut() }),
    proveedores: () => ({ RutCompleto: freshRut() }),
    // A plate is letters and digits only: the naming field's " N" would not be one.
    vehiculos: () => ({ Patente: `KT${String(1000 + samples).slice(-4)}` }),
    epp_asignaciones: async () => ({ IdCargo: (await source.createSample(ENTITIES.cargos)).IdCargo, IdPersona: null }),
  };

  async function sampleBody(entity: AnyEntity): Promise<Row> {
    samples += 1;
    const entries = entriesOf(entity.createBody);
    const model = (await source.activeRows(entity)).find((row) => row.Estado !== 0);
    if (!model) throw new Error(`${entity.table}: la demo no tiene registros activos de los que partir`);
    const body: Row = Object.fromEntries(
      Object.keys(entries)
        .filter((key) => model[key] !== undefined)
        .map((key) => [key, model[key]]),
    );
    body[entity.id] = uuidV7();
    for (const key of Object.keys(body)) {
      if (key === entity.id) continue;
      // A stored null the create leaves out (it may send the field or not), and a child list it does not need.
      if (body[key] === null && parses(entries[key], undefined)) delete body[key];
      if (entity.fields.includes(key)) continue;
      const { [key]: _left, ...without } = body;
      if (parses(entity.createBody, without)) delete body[key];
    }
    const naming = namingField(entity, body);
    if (naming) body[naming] = `${String(body[naming])} ${samples}`;
    Object.assign(body, await uniqueValues[entity.table as EntityTable]?.());
    const checked = v.safeParse(entity.createBody!, body);
    if (!checked.success) throw new Error(`${entity.table}: la muestra no cumple su esquema: ${checked.issues[0].message}`);
    return body;
  }

  return { sampleBody, namingField };
}
