import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '#sync/modules/module-list.ts';
import { ENTITIES } from '#sync/records/entities.ts';
import { MENU_ENTRIES } from '#server/seed/module-catalogue.ts';

describe('the modules’ manifests', () => {
  it('name each module once', () => {
    const names = MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('give each entity to one module, and every entity is some module’s', () => {
    const tables = MODULES.flatMap((module) => Object.keys(module.entities));
    expect(new Set(tables).size).toBe(tables.length);
    expect(tables.sort()).toEqual(Object.keys(ENTITIES).sort());
    for (const module of MODULES)
      for (const [table, entity] of Object.entries(module.entities)) expect(entity.table, module.name).toBe(table);
  });

  it('write menu ids once: one entry per id and route, one parent per parent id, one position per place', () => {
    expect(new Set(MENU_ENTRIES.map((entry) => entry.IdSubmodulo)).size).toBe(MENU_ENTRIES.length);
    expect(new Set(MENU_ENTRIES.map((entry) => entry.ruta)).size).toBe(MENU_ENTRIES.length);
    const parents = new Map<number, string>();
    const places = new Set<string>();
    for (const entry of MENU_ENTRIES) {
      const parent = JSON.stringify(entry.parent);
      expect(parents.get(entry.parent.IdModulo) ?? parent, `IdModulo ${entry.parent.IdModulo}`).toBe(parent);
      parents.set(entry.parent.IdModulo, parent);
      const place = `${entry.parent.IdModulo}/${entry.posicion}`;
      expect(places.has(place), place).toBe(false);
      places.add(place);
    }
  });
});

describe('the server halves of the modules', () => {
  it('every folder of server/modules is a listed module with its half, named after it', () => {
    const names = new Set<string>(MODULES.map((module) => module.name));
    for (const folder of fs.readdirSync('server/modules', { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      expect(names.has(folder.name), `server/modules/${folder.name} no está en sync/modules/module-list.ts`).toBe(true);
      expect(fs.existsSync(`server/modules/${folder.name}/${folder.name}.module.ts`), folder.name).toBe(true);
    }
  });

  // Imports the whole server: seconds while the full run loads both cores.
  it('a module’s half keeps the record store of each of its entities, and only of its own', async () => {
    const { SERVER_HALVES } = await import('#server/app-modules.ts');
    for (const module of MODULES) {
      const half = SERVER_HALVES.find((found) => found.name === module.name)?.half;
      expect(Object.keys(half?.stores ?? {}).sort(), module.name).toEqual(Object.keys(module.entities).sort());
    }
  }, 30_000);
});
