import { rutCheckDigit } from '#sync/domain/rut.ts';
import { newOutboxEntry, recordKeyOf, type WriteRequest } from '#sync/outbox/outbox-entry.ts';
import type { OutboxStore } from '#sync/outbox/outbox-store.ts';
import { EMPTY_MEDICAL_DATE } from '#sync/schemas/trabajadores.schema.ts';
import { type FileRef } from '#sync/records/record-fields.ts';
import { sha256Hex, WORKERS_PATH, type CargoChoice } from './direct-api.ts';
import { between, pick, randomBytes, type Random } from './prng.ts';

const TABLE = 'trabajadores';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const FIRST_NAMES = ['Ana María', 'José', 'Ñusta', 'Camila', 'Héctor', 'Fernanda', 'Cristián', 'Javiera', 'Iñaki', 'Constanza'];
const SURNAMES = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Núñez', 'Sepúlveda', "O'Higgins", 'Araya'];

/** What the device believes a worker is on the server once its queue has drained. */
export interface DeviceWorker {
  IdPersona: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  /** Sorted: the server treats positions as a set and answers them in id order. */
  cargos: string[];
  IdNivel2: string | null;
  IdNivel3: string | null;
  FechaFichaMedica: string;
  Firma: FileRef | null;
  FirmaAnterior: FileRef | null;
  /**
   * The Version the server will hold after every write queued so far: 1 at creation, +1 per write that changes
   * something. Each edit and delete is based on it, so no write of this device can ever be stale; a write
   * applied twice, or lost, shows up as a different Version on the server.
   */
  Version: number;
  deleted: boolean;
}

/** The answer each entry must get: the record, its Version after that write, and whether it deleted it. */
export interface ExpectedAnswer {
  id: string;
  version: number;
  deleted: boolean;
}

export interface WriteMix {
  /** Share of new workers created with a signature. */
  createSigned: number;
  /** Shares of the other kinds of write; what is left creates workers. */
  edit: number;
  sign: number;
  remove: number;
  changeRut: number;
}

export const DEFAULT_MIX: WriteMix = { createSigned: 0.25, edit: 0.3, sign: 0.14, remove: 0.07, changeRut: 0.05 };
export const RECORDS_ONLY_MIX: WriteMix = { createSigned: 0, edit: 0.35, sign: 0, remove: 0.07, changeRut: 0.05 };

export interface DeviceOptions {
  store: OutboxStore;
  random: Random;
  newId: () => string;
  userId: number;
  cargos: readonly CargoChoice[];
  mix?: WriteMix;
  /** First RUT body; each new worker or RUT change takes the next unused one. */
  rutBase?: number;
}

export type WriteKind = 'create' | 'createSigned' | 'edit' | 'sign' | 'remove' | 'changeRut';

/**
 * The device as the app would be: every write changes the local row and appends its outbox entry in the same
 * step (OB1). The local rows are a plain map keyed by IdPersona; files are kept as bytes until sent (FL1).
 */
export class Device {
  readonly workers = new Map<string, DeviceWorker>();
  readonly expected = new Map<string, ExpectedAnswer>();
  readonly signatures = new Map<string, Uint8Array>();
  readonly written: Record<WriteKind, number> = { create: 0, createSigned: 0, edit: 0, sign: 0, remove: 0, changeRut: 0 };
  private readonly aliveIds: string[] = [];
  private readonly mix: WriteMix;
  private nextRut: number;
  private nameCounter = 0;

  constructor(private readonly options: DeviceOptions) {
    if (options.cargos.length < 2) throw new Error('the device needs at least two positions to choose from');
    this.mix = options.mix ?? DEFAULT_MIX;
    this.nextRut = options.rutBase ?? 40_000_000;
  }

  get writes(): number {
    return Object.values(this.written).reduce((sum, count) => sum + count, 0);
  }

  alive(): DeviceWorker[] {
    return [...this.workers.values()].filter((worker) => !worker.deleted);
  }

  /** One random write of the mix. */
  async write(): Promise<void> {
    const { random } = this.options;
    const r = random();
    const { edit, sign, remove, changeRut } = this.mix;
    if (this.aliveIds.length < 5 || r >= edit + sign + remove + changeRut) return this.create(random() < this.mix.createSigned);
    const worker = this.workers.get(pick(random, this.aliveIds))!;
    if (r < edit) return this.edit(worker);
    if (r < edit + sign) return this.sign(worker);
    if (r < edit + sign + remove) return this.remove(worker);
    return this.changeRut(worker);
  }

  async writeMany(count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) await this.write();
  }

  private freshRut(): string {
    const body = String(this.nextRut);
    this.nextRut += 1;
    return `${body}-${rutCheckDigit(body)}`;
  }

  private freshName(list: readonly string[]): string {
    this.nameCounter += 1;
    return `${pick(this.options.random, list)} ${this.nameCounter}`;
  }

  /** New signature bytes, or now and then the bytes of another worker's signature (content-addressed reuse). */
  private signatureFor(current: FileRef | null): { ref: FileRef; bytes: Uint8Array } {
    const { random } = this.options;
    const known = [...this.signatures.keys()].filter((sha) => sha !== current?.Sha256);
    if (known.length > 0 && random() < 0.1) {
      const sha = pick(random, known);
      return { ref: { Sha256: sha, Tipo: 'image/png' }, bytes: this.signatures.get(sha)! };
    }
    const bytes = randomBytes(random, between(random, 200, 4_000));
    bytes.set(PNG_MAGIC, 0);
    const sha = sha256Hex(bytes);
    this.signatures.set(sha, bytes);
    return { ref: { Sha256: sha, Tipo: 'image/png' }, bytes };
  }

  private async create(signed: boolean): Promise<void> {
    const cargo = pick(this.options.random, this.options.cargos);
    const signature = signed ? this.signatureFor(null) : null;
    const id = this.options.newId();
    const worker: DeviceWorker = {
      IdPersona: id,
      RunPersona: this.freshRut(),
      Nombres: this.freshName(FIRST_NAMES),
      ApellidoPaterno: this.freshName(SURNAMES),
      ApellidoMaterno: pick(this.options.random, SURNAMES),
      cargos: [cargo.IdCargo],
      IdNivel2: cargo.IdNivel2,
      IdNivel3: cargo.IdNivel3,
      FechaFichaMedica: EMPTY_MEDICAL_DATE,
      Firma: signature?.ref ?? null,
      FirmaAnterior: null,
      Version: 1,
      deleted: false,
    };
    const body = {
      IdPersona: id,
      RunPersona: worker.RunPersona,
      Nombres: worker.Nombres,
      ApellidoPaterno: worker.ApellidoPaterno,
      ApellidoMaterno: worker.ApellidoMaterno,
      cargos: worker.cargos,
      IdNivel2: worker.IdNivel2,
      IdNivel3: worker.IdNivel3,
      ...(signature ? { Firma: signature.ref } : {}),
    };
    await this.commit(signed ? 'createSigned' : 'create', worker, { method: 'POST', path: WORKERS_PATH, body }, signature, () => {
      this.workers.set(id, worker);
      this.aliveIds.push(id);
    });
  }

  /** One to three fields, each set to a value that differs from the device's row (CF2: only changed fields). */
  private async edit(worker: DeviceWorker): Promise<void> {
    const { random } = this.options;
    const fields = ['Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'cargos', 'FechaFichaMedica'] as const;
    const chosen = new Set(Array.from({ length: between(random, 1, 3) }, () => pick(random, fields)));
    const changes: Partial<DeviceWorker> = {};
    if (chosen.has('Nombres')) changes.Nombres = this.freshName(FIRST_NAMES);
    if (chosen.has('ApellidoPaterno')) changes.ApellidoPaterno = this.freshName(SURNAMES);
    if (chosen.has('ApellidoMaterno')) changes.ApellidoMaterno = this.freshName(SURNAMES);
    if (chosen.has('FechaFichaMedica')) {
      const day = `2026-${String(between(random, 1, 12)).padStart(2, '0')}-${String(between(random, 1, 28)).padStart(2, '0')}`;
      const date = `${day} ${String(between(random, 0, 23)).padStart(2, '0')}:${String(between(random, 0, 59)).padStart(2, '0')}:00`;
      if (date !== worker.FechaFichaMedica) changes.FechaFichaMedica = date;
    }
    const others = this.options.cargos.filter((cargo) => !worker.cargos.includes(cargo.IdCargo));
    if (chosen.has('cargos') && others.length > 0) {
      const cargo = pick(random, others);
      const cargos = [...new Set([cargo.IdCargo, ...(random() < 0.3 ? [pick(random, this.options.cargos).IdCargo] : [])])].sort();
      if (JSON.stringify(cargos) !== JSON.stringify(worker.cargos)) changes.cargos = cargos;
      if (cargo.IdNivel2 !== worker.IdNivel2) changes.IdNivel2 = cargo.IdNivel2;
      if (cargo.IdNivel3 !== worker.IdNivel3) changes.IdNivel3 = cargo.IdNivel3;
    }
    // Every edit changes something, so the server's Version moves exactly once per edit.
    if (Object.keys(changes).length === 0) changes.Nombres = this.freshName(FIRST_NAMES);
    await this.update('edit', worker, changes, null);
  }

  private async sign(worker: DeviceWorker): Promise<void> {
    const signature = this.signatureFor(worker.Firma);
    await this.update('sign', worker, { Firma: signature.ref }, signature);
  }

  private async changeRut(worker: DeviceWorker): Promise<void> {
    await this.update('changeRut', worker, { RunPersona: this.freshRut() }, null);
  }

  private async update(
    kind: WriteKind,
    worker: DeviceWorker,
    changes: Partial<DeviceWorker>,
    signature: { ref: FileRef; bytes: Uint8Array } | null,
  ): Promise<void> {
    const body = { IdPersona: worker.IdPersona, Version: worker.Version, ...changes };
    const next: DeviceWorker = {
      ...worker,
      ...changes,
      // The server keeps the replaced signature (spec: FirmaAnterior).
      FirmaAnterior: changes.Firma !== undefined ? worker.Firma : worker.FirmaAnterior,
      Version: worker.Version + 1,
    };
    await this.commit(kind, next, { method: 'PUT', path: WORKERS_PATH, body }, signature, () => this.workers.set(worker.IdPersona, next));
  }

  private async remove(worker: DeviceWorker): Promise<void> {
    const path = `${WORKERS_PATH}/${worker.IdPersona}/${this.options.userId}?Version=${worker.Version}`;
    const next: DeviceWorker = { ...worker, Version: worker.Version + 1, deleted: true };
    await this.commit('remove', next, { method: 'DELETE', path }, null, () => {
      this.workers.set(worker.IdPersona, next);
      const index = this.aliveIds.indexOf(worker.IdPersona);
      this.aliveIds[index] = this.aliveIds.at(-1)!;
      this.aliveIds.pop();
    });
  }

  /** The local row and the outbox entry (with its file) in one step, as the app's Dexie transaction does. */
  private async commit(
    kind: WriteKind,
    after: DeviceWorker,
    write: Omit<WriteRequest, 'payloadVersion' | 'recordKey'>,
    signature: { ref: FileRef; bytes: Uint8Array } | null,
    applyLocally: () => void,
  ): Promise<void> {
    const { store } = this.options;
    const key = this.options.newId();
    if (signature) {
      const bytes = signature.bytes.slice().buffer;
      await store.putFile({ sha256: signature.ref.Sha256, type: signature.ref.Tipo, bytes, uploaded: false });
    }
    applyLocally();
    this.expected.set(key, { id: after.IdPersona, version: after.Version, deleted: after.deleted });
    this.written[kind] += 1;
    await store.append(
      newOutboxEntry(
        {
          ...write,
          payloadVersion: 1,
          recordKey: recordKeyOf(TABLE, after.IdPersona),
          ...(signature ? { files: [{ sha256: signature.ref.Sha256, type: signature.ref.Tipo }] } : {}),
        },
        key,
        Date.now(),
      ),
    );
  }
}
