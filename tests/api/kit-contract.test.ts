import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import { type AnyEntity, fillPath, type Reference, referenceIds } from '#sync/records/entity.ts';
import { codeOf } from '#server/records/record-registry.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { type BatchAnswer, countRows, newKey, send, sendBatch } from './support/sync-harness.ts';
import { anEdit, entitySamples, entriesOf, isWritable, updateBody } from './support/entity-samples.ts';
import { type Session, userWithRole } from './support/usuarios-factory.ts';

/**
 * The record kit's contract, asserted for every entity of sync/records/entities.ts from its own description: its
 * paths, id, editable fields, schemas, notices, references and permission route. A new entity gets these cases by
 * being described; a module's own test keeps only what is its own.
 *
 * Which cases an entity gets is read off its description, never from a list of names:
 * - every entity (it is listed and read by devices) gets the read contract;
 * - an entity a person edits (editable `fields`, a create and an update body, create, update and delete calls) gets
 *   the write contract. Records written whole by their module (an inspection, an EPP delivery: no editable fields
 *   and no update) or only inside their parent (an observation, a control measure: no create) keep their own tests.
 */

type Row = Record<string, unknown>;
type Answer = { statusCode: number; message: string; code?: string; data: Row | null };
type ListAnswer = { statusCode: number; data: Row[] };
interface ChangePage {
  changes: { table: string; id: string; op: 'upsert' | 'delete'; row: Row | null }[];
}

let server: TestServer;
let admin: Session;
let pacifico: Session;
/** A company user whose role may read every entity but write none (index only). */
let reader: Session;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
  const routes = [...new Set(ENTITY_LIST.flatMap((entity) => [entity.permission, ...(entity.readBy ?? [])]))];
  reader = (
    await userWithRole(
      server,
      admin,
      routes.map((Ruta) => ({ Ruta, Acciones: ['index'] })),
    )
  ).session;
});
afterAll(async () => {
  await server.close();
});

/** The change-log rows of one table. */
/** A value of the reference's field that points at no record: a new id, or a list item whose key holds one. */
function missingValue(entity: AnyEntity, body: Row, reference: Reference): unknown {
  if (!reference.many) return uuidV7();
  if (!reference.key) return [uuidV7()];
  const [first, ...rest] = (body[reference.field] as Row[] | undefined) ?? [];
  if (!first) throw new Error(`${entity.table}.${reference.field}: la muestra no tiene elementos de los que partir`);
  return [{ ...first, [reference.key]: uuidV7() }, ...rest];
}

async function countChanges(table: string): Promise<number> {
  const query = server.deps.db.selectFrom('cambios').select((eb) => eb.fn.countAll<number>().as('n'));
  return Number((await query.where('Tabla', '=', table).executeTakeFirstOrThrow()).n);
}

/** A call of the entity, its template filled with the company, the signed-in user and the record's own fields. */
function url(
  entity: AnyEntity,
  call: 'list' | 'detail' | 'create' | 'update' | 'remove',
  values: Row = {},
  company = ANDES.id,
  user = admin.userId,
) {
  return `${entity.api.base}${fillPath(entity.api[call]!, { company, user, ...values })}`;
}

const { sampleBody, namingField } = entitySamples({
  activeRows: async (entity) => (await send<ListAnswer>(server, 'GET', url(entity, 'list'), { token: admin.token })).body.data,
  createSample: (entity) => createSample(entity),
});

/**
 * What the description's create schema makes of the body (trimmed, normalized), as far as the stored record has
 * those fields: the stored row holds that. Empty values are left out: a module stores its own empty ('' or null).
 */
function stored(entity: AnyEntity, body: Row): Row {
  const output = v.parse(entity.createBody!, body) as Row;
  const empty = (value: unknown) => value === '' || value === null || (Array.isArray(value) && value.length === 0);
  return Object.fromEntries(Object.entries(output).filter(([key, value]) => key in entity.schema.entries && !empty(value)));
}

async function create(entity: AnyEntity, body: Row, token = admin.token, key = newKey()) {
  return send<Answer>(server, 'POST', url(entity, 'create', body), { token, body, key });
}

async function createSample(entity: AnyEntity) {
  const body = await sampleBody(entity);
  const created = await create(entity, body);
  expect(created.body, `${entity.table}: ${JSON.stringify(created.body)}`).toMatchObject({ statusCode: 200 });
  return created.body.data!;
}

const sendUpdate = (entity: AnyEntity, row: Row, body: Row, token = admin.token) =>
  send<Answer>(server, 'PUT', url(entity, 'update', row), { token, body, key: newKey() });
const sendRemove = (entity: AnyEntity, row: Row, query = '', token = admin.token) =>
  send<Answer>(server, 'DELETE', `${url(entity, 'remove', row)}${query}`, { token, key: newKey() });

async function cursor(): Promise<number> {
  const row = await server.deps.db
    .selectFrom('cambios')
    .select((eb) => eb.fn.max('Seq').as('seq'))
    .executeTakeFirstOrThrow();
  return Number(row.seq ?? 0);
}

async function changesSince(since: number, token = admin.token) {
  return (await send<ChangePage>(server, 'GET', `/api/sync/changes?since=${since}&limit=1000`, { token })).body.changes;
}

const hasCompany = (template: string | undefined) => template?.includes(':company') ?? false;

describe.each(ENTITY_LIST.map((entity) => [entity.table, entity] as const))('the kit contract of %s', (_table, entity) => {
  describe('reads', () => {
    it('refuses its list and detail without a session (401)', async () => {
      expect((await send(server, 'GET', url(entity, 'list'))).status).toBe(401);
      expect((await send(server, 'GET', url(entity, 'detail', { [entity.id]: uuidV7() }))).status).toBe(401);
    });

    const companyCalls = (['list', 'detail', 'create', 'update', 'remove'] as const).filter((call) => hasCompany(entity.api[call]));
    // Registered only where the description has it: no skipped tests.
    if (companyCalls.length > 0)
      it("refuses every call on another company's path (403), whatever the token's role", async () => {
        const method = { list: 'GET', detail: 'GET', create: 'POST', update: 'PUT', remove: 'DELETE' } as const;
        const refused = await Promise.all(
          companyCalls.map(async (call) => [
            call,
            (
              await send(server, method[call], url(entity, call, { [entity.id]: uuidV7() }, PACIFICO.id), {
                token: admin.token,
                body: call === 'create' || call === 'update' ? {} : undefined,
              })
            ).status,
          ]),
        );
        expect(refused).toEqual(companyCalls.map((call) => [call, 403]));
      });

    it("lists the token's company's active records, reads one, and another company reads it as nothing", async () => {
      const list = await send<ListAnswer>(server, 'GET', url(entity, 'list'), { token: admin.token });
      expect(list.body.statusCode).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      expect(list.body.data.filter((row) => row.IdEmpresa !== ANDES.id)).toEqual([]);
      const ours = list.body.data[0]!;
      const one = await send<Answer>(server, 'GET', url(entity, 'detail', ours), { token: admin.token });
      expect(one.body).toMatchObject({ statusCode: 200, data: { [entity.id]: ours[entity.id] } });

      const theirs = await send<ListAnswer>(server, 'GET', url(entity, 'list', {}, PACIFICO.id, pacifico.userId), {
        token: pacifico.token,
      });
      expect(theirs.status).toBe(200);
      const ids = new Set(list.body.data.map((row) => row[entity.id]));
      expect(theirs.body.data.filter((row) => ids.has(row[entity.id]))).toEqual([]);
      const across = await send<Answer>(server, 'GET', url(entity, 'detail', ours, PACIFICO.id, pacifico.userId), {
        token: pacifico.token,
      });
      expect(across.status === 404 || (across.status === 200 && across.body.data === null), JSON.stringify(across.body)).toBe(true);
    });
  });

  if (isWritable(entity))
    describe('writes', () => {
      it('creates with its notice, stores the normalized body, reads it back, lists it and logs it for the company only', async () => {
        const since = await cursor();
        const body = await sampleBody(entity);
        const created = await create(entity, body);
        expect(created.body).toMatchObject({
          statusCode: 200,
          message: entity.messages.created,
          data: { ...stored(entity, body), IdEmpresa: ANDES.id, Estado: 1, Version: 1 },
        });
        const row = created.body.data!;
        expect((await send<Answer>(server, 'GET', url(entity, 'detail', row), { token: admin.token })).body).toMatchObject({
          statusCode: 200,
          data: row,
        });
        const list = await send<ListAnswer>(server, 'GET', url(entity, 'list'), { token: admin.token });
        expect(list.body.data.map((listed) => listed[entity.id])).toContain(row[entity.id]);
        const changes = (await changesSince(since)).filter((change) => change.id === row[entity.id]);
        expect(changes).toEqual([{ seq: expect.any(Number), table: entity.table, id: row[entity.id], op: 'upsert', row }]);
        expect((await changesSince(since, pacifico.token)).filter((change) => change.id === row[entity.id])).toEqual([]);
      });

      it('applies a create sent again under the same key once (in a batch or on its own), and refuses its id under another key (409 CONFLICTO)', async () => {
        const body = await sampleBody(entity);
        const entry = { key: newKey(), method: 'POST', path: url(entity, 'create', body), body };
        // Its own change rows: a record may bring others in its transaction (a contract's documents), once as well.
        const changes = () => countRows(server, 'cambios');
        const own = () => countChanges(entity.table);
        const [before, ownBefore] = [await changes(), await own()];
        const first = await sendBatch(server, admin.token, [entry]);
        const afterFirst = await changes();
        const again = await sendBatch(server, admin.token, [entry]);
        expect(first.body.results[0]).toMatchObject({ status: 200, body: { message: entity.messages.created } });
        expect(again.body).toEqual<BatchAnswer>(first.body);
        // Sent on its own under the same key (a device that lost the batch's answer), it is the same answer too.
        expect((await create(entity, body, admin.token, entry.key)).body).toEqual(first.body.results[0]!.body);
        expect(await own()).toBe(ownBefore + 1);
        expect(await changes()).toBe(afterFirst);
        expect(afterFirst).toBeGreaterThan(before);
        const other = await create(entity, body);
        expect(other.status).toBe(409);
        expect(other.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: { [entity.id]: body[entity.id], Version: 1 } });
      });

      it('refuses an invalid body with 400 and the Spanish message of its schema, writing nothing', async () => {
        const body = await sampleBody(entity);
        const field = namingField(entity, body);
        const bad = field ? { ...body, [field]: '  ' } : { ...body, [entity.id]: 'no-es-un-id' };
        const issue = v.safeParse(entity.createBody!, bad);
        expect(issue.success).toBe(false);
        const message = issue.success ? '' : issue.issues[0].message;
        expect(message).not.toMatch(/^Invalid/);
        const before = await countRows(server, 'cambios');
        const refused = await create(entity, bad);
        expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message });
        expect(await countRows(server, 'cambios')).toBe(before);
      });

      it('refuses a role that reads it but has neither crear, editar nor eliminar (403 SIN_PERMISO)', async () => {
        const row = await createSample(entity);
        expect((await send(server, 'GET', url(entity, 'list'), { token: reader.token })).status).toBe(200);
        const refusals = [
          await create(entity, await sampleBody(entity), reader.token),
          await sendUpdate(entity, row, updateBody(entity, row, 1, anEdit(entity, row, 1)), reader.token),
          await sendRemove(entity, row, '', reader.token),
        ];
        expect(refusals.map((refused) => [refused.status, refused.body.code])).toEqual([
          [403, 'SIN_PERMISO'],
          [403, 'SIN_PERMISO'],
          [403, 'SIN_PERMISO'],
        ]);
      });

      it('edits a field with its notice and a new Version; a stale edit of the same field is a 409 CONFLICTO; an unknown id is not found', async () => {
        const row = await createSample(entity);
        const since = await cursor();
        const edit = anEdit(entity, row, 1);
        const edited = await sendUpdate(entity, row, updateBody(entity, row, 1, edit));
        expect(edited.body).toMatchObject({ statusCode: 200, message: entity.messages.updated, data: { ...edit, Version: 2 } });
        expect((await changesSince(since)).filter((change) => change.id === row[entity.id])).toEqual([
          expect.objectContaining({ op: 'upsert', row: edited.body.data }),
        ]);
        const stale = await sendUpdate(entity, row, updateBody(entity, row, 1, anEdit(entity, row, 2)));
        expect(stale.status).toBe(409);
        expect(stale.body).toMatchObject({ code: 'CONFLICTO', data: { ...edit, Version: 2 } });
        const unknown = { ...row, [entity.id]: uuidV7() };
        expect((await sendUpdate(entity, unknown, updateBody(entity, unknown, 1, edit))).body).toMatchObject({
          statusCode: 404,
          message: entity.messages.notFound,
        });
      });

      it('is not found by another company, which can neither edit nor delete it on its own paths (404)', async () => {
        const row = await createSample(entity);
        const theirs = (call: 'update' | 'remove') => `${url(entity, call, row, PACIFICO.id, pacifico.userId)}`;
        const edit = await send<Answer>(server, 'PUT', theirs('update'), {
          token: pacifico.token,
          body: updateBody(entity, row, 1, anEdit(entity, row, 1)),
          key: newKey(),
        });
        const removal = await send<Answer>(server, 'DELETE', theirs('remove'), { token: pacifico.token, key: newKey() });
        expect([edit.status, removal.status]).toEqual([404, 404]);
        expect((await send<Answer>(server, 'GET', url(entity, 'detail', row), { token: admin.token })).body.data).toMatchObject({
          Estado: 1,
          Version: 1,
        });
      });

      it('deletes with its notice (Estado 0), refuses a stale Version, answers 200 again, and devices learn it as the list shows it', async () => {
        const row = await createSample(entity);
        expect((await sendRemove(entity, row, '?Version=7')).body).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
        const since = await cursor();
        const removed = await sendRemove(entity, row, '?Version=1');
        expect(removed.body).toMatchObject({
          statusCode: 200,
          message: entity.messages.deleted,
          data: { [entity.id]: row[entity.id], Estado: 0, Version: 2 },
        });
        expect((await sendRemove(entity, row)).status).toBe(200);
        // What a device pulls agrees with what the list answers a device that downloads again (SPEC PL5): gone from
        // the list and a tombstone, or (a record whose list keeps the retired ones) listed and pulled with Estado 0.
        const list = await send<ListAnswer>(server, 'GET', url(entity, 'list'), { token: admin.token });
        const listed = list.body.data.find((candidate) => candidate[entity.id] === row[entity.id]);
        const pulled = (await changesSince(since)).filter((change) => change.id === row[entity.id]);
        expect(pulled).toEqual([
          listed ? expect.objectContaining({ op: 'upsert', row: listed }) : expect.objectContaining({ op: 'delete', row: null }),
        ]);
        if (listed) expect(listed.Estado).toBe(0);
      });

      const references = entity.createBody ? entity.references.filter((reference) => reference.field in entriesOf(entity.createBody)) : [];
      // Registered only where the description has it: no skipped tests.
      if (references.length > 0)
        it('refuses a reference to a record the company does not have (400 with the reference message)', async () => {
          const body = await sampleBody(entity);
          for (const reference of references) {
            const missing = { ...body, [reference.field]: missingValue(entity, body, reference) };
            const refused = await create(entity, missing);
            expect({ field: reference.field, status: refused.status, message: refused.body.message }).toEqual({
              field: reference.field,
              status: 400,
              message: reference.message,
            });
          }
        });

      const referrers = ENTITY_LIST.flatMap((other) =>
        other.references
          .filter((reference) => reference.table === entity.table && reference.onDelete !== 'keep')
          .map((reference) => ({ other, reference })),
      );
      // Registered only where the description has it: no skipped tests.
      if (referrers.length > 0)
        it('refuses to delete a record an active record points at (409 <NOMBRE>_EN_USO with its message)', async () => {
          let target: unknown;
          for (const { other, reference } of referrers) {
            const rows = (await send<ListAnswer>(server, 'GET', url(other, 'list'), { token: admin.token })).body.data;
            const values = rows
              .filter((row) => row.Estado !== 0)
              .flatMap((row) => referenceIds(reference, row));
            target ??= values[0];
          }
          expect(target, 'la demo tiene un registro que apunta a otro de esta entidad').toBeDefined();
          const refused = await sendRemove(entity, { [entity.id]: target });
          expect(refused.body).toEqual({ statusCode: 409, message: entity.messages.inUse, code: `${codeOf(entity)}_EN_USO` });
        });
    });
});
