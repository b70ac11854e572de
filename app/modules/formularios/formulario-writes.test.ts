import { describe, expect, it } from 'vitest';
import { toLocalFormulario } from '#app/db/reference-rows.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { createFormulario, duplicateFormulario, FORMULARIOS_PATH, retireFormulario, updateFormulario } from './formulario-writes.ts';
import { sampleTemplate } from './formulario-test-factory.ts';

const newDevice = testDevicesForEachTest();

function device() {
  return { ...newDevice(), companyId: '76123456' };
}

describe('template writes', () => {
  it('OB1: a creation writes version 1 on the device and queues the POST with the whole template', async () => {
    const test = device();
    const { Nombre, Tipo, Descripcion, Contenido } = sampleTemplate();
    const id = await createFormulario({ Nombre, Tipo, Descripcion, Contenido }, test);
    expect(await test.db.formularios.get(id)).toMatchObject({
      Nombre,
      Estado: 1,
      VersionFormulario: 1,
      Version: 1,
      orden: 'herramientas y equipos',
    });
    const [entry] = await test.db.outbox.toArray();
    expect(entry).toMatchObject({
      method: 'POST',
      path: FORMULARIOS_PATH,
      recordKey: `formularios:${id}`,
      body: { IdFormulario: id, Nombre, Contenido },
    });
  });

  it('CF2: an edit of the name sends only the name with its Version; the content version stays', async () => {
    const test = device();
    const current = toLocalFormulario(sampleTemplate());
    await test.db.formularios.put(current);
    expect(await updateFormulario(current, { ...current, Nombre: 'Herramientas' }, test)).toBe(true);
    const [entry] = await test.db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'PUT', path: `${FORMULARIOS_PATH}/${current.IdFormulario}` });
    expect(entry!.body).toEqual({ IdFormulario: current.IdFormulario, Version: 4, Nombre: 'Herramientas' });
    expect(await test.db.formularios.get(current.IdFormulario)).toMatchObject({
      Nombre: 'Herramientas',
      VersionFormulario: 3,
      Version: 5,
      orden: 'herramientas',
    });
  });

  it('IN3: a content edit is the next template version on the device too; no change queues nothing', async () => {
    const test = device();
    const current = toLocalFormulario(sampleTemplate());
    await test.db.formularios.put(current);
    expect(await updateFormulario(current, { ...current }, test)).toBe(false);
    expect(await test.db.outbox.count()).toBe(0);
    const Contenido = { ...current.Contenido, ColumnasEncabezado: 1 as const };
    await updateFormulario(current, { ...current, Contenido }, test);
    const [entry] = await test.db.outbox.toArray();
    expect(Object.keys(entry!.body as object).sort()).toEqual(['Contenido', 'IdFormulario', 'Version']);
    expect(await test.db.formularios.get(current.IdFormulario)).toMatchObject({
      VersionFormulario: 4,
      Contenido: { ColumnasEncabezado: 1 },
    });
  });

  it('duplicate is a creation with a new id and "Copia de"; retire is the DELETE with the Version', async () => {
    const test = device();
    const current = toLocalFormulario(sampleTemplate());
    await test.db.formularios.put(current);
    const copy = await duplicateFormulario(current, test);
    expect(copy).not.toBe(current.IdFormulario);
    expect(await test.db.formularios.get(copy)).toMatchObject({
      Nombre: 'Copia de Herramientas y equipos',
      VersionFormulario: 1,
      Contenido: current.Contenido,
    });
    await retireFormulario(current, test);
    const entries = await test.db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.method, entry.path])).toEqual([
      ['POST', FORMULARIOS_PATH],
      ['DELETE', `${FORMULARIOS_PATH}/${current.IdFormulario}?Version=4`],
    ]);
    expect(await test.db.formularios.get(current.IdFormulario)).toMatchObject({ Estado: 0 });
  });
});
