import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import { describe, expect, it } from 'vitest';
import { type LocalTrabajador, searchWords } from '#app/db/reference-rows.ts';
import { localWorker } from '#app/db/local-worker.fixture.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { FEW_MATCHES, matchingIds, NO_FILTERS, OWN_WORKERS, type WorkerFilters } from './trabajadores-queries.ts';

const device = testDevicesForEachTest();

let next = 0;
function worker(overrides: Partial<Trabajador>): LocalTrabajador {
  next += 1;
  return localWorker({ IdPersona: `w${String(next).padStart(5, '0')}`, RunPersona: `${20_000_000 + next}-1`, ...overrides });
}

/** What the list showed before it read the index: every row checked, in `orden` order, ties by id. */
function scanned(rows: LocalTrabajador[], filters: WorkerFilters): string[] {
  const words = searchWords(filters.search);
  return rows
    .filter((row) => words.every((word) => row.palabras.some((part) => part.startsWith(word))))
    .filter((row) => (!filters.nv2 || row.IdNivel2 === filters.nv2) && (!filters.nv3 || row.IdNivel3 === filters.nv3))
    .filter((row) => !filters.cargo || row.cargos.includes(filters.cargo))
    .filter((row) => !filters.contractor || row.RutContratista === (filters.contractor === OWN_WORKERS ? null : filters.contractor))
    .sort((a, b) => (a.orden === b.orden ? (a.IdPersona < b.IdPersona ? -1 : 1) : a.orden < b.orden ? -1 : 1))
    .map((row) => row.IdPersona);
}

describe('the workers search words', () => {
  it('keeps a RUT as its digits and check digit, typed with or without dots and dash', () => {
    const row = worker({ RunPersona: '12345678-K', Nombres: 'José Luis', ApellidoPaterno: 'Pérez', ApellidoMaterno: 'González' });
    expect(row.palabras).toEqual(['12345678k', 'jose', 'luis', 'perez', 'gonzalez']);
    for (const typed of ['12.345.678-K', '12345678-k', '12345678K']) expect(searchWords(typed)).toEqual(['12345678k']);
    expect(searchWords('12.345.678')).toEqual(['12345678']);
  });

  it('folds accents and case, and splits several words', () => {
    expect(searchWords('  José   GONZ ')).toEqual(['jose', 'gonz']);
    expect(searchWords('Muñoz Sepúlveda')).toEqual(['munoz', 'sepulveda']);
  });
});

describe('the workers list search, read from the index', () => {
  async function seeded() {
    const { db } = device();
    const rows = [
      worker({ RunPersona: '12345678-5', Nombres: 'José', ApellidoPaterno: 'Pérez', ApellidoMaterno: 'González', cargos: ['c1'] }),
      worker({ RunPersona: '7654321-6', Nombres: 'María José', ApellidoPaterno: 'González', ApellidoMaterno: 'Gonzalo' }),
      worker({ Nombres: 'Josefa', ApellidoPaterno: 'Muñoz', IdNivel2: 'n2a', IdNivel3: 'n3b', cargos: ['c1', 'c2'] }),
      worker({ Nombres: 'Pedro', ApellidoPaterno: 'Pérez', ApellidoMaterno: 'Pérez', RutContratista: '76543210-3', cargos: ['c2'] }),
      // More than FEW_MATCHES workers share «Carga», so a search by it reads the whole list order.
      ...Array.from({ length: FEW_MATCHES + 20 }, (_, i) =>
        worker({ Nombres: `Nombre ${i}`, ApellidoPaterno: `Apellido ${i % 7}`, ApellidoMaterno: 'Carga', IdNivel2: i % 3 ? 'n2a' : 'n2b' }),
      ),
    ];
    Object.assign(rows[0]!, { IdNivel2: 'n2a', IdNivel3: 'n3a' });
    Object.assign(rows[1]!, { RutContratista: '76543210-3' });
    await db.trabajadores.bulkPut(rows);
    return { db, rows };
  }

  it('finds a RUT typed with or without dots and dash, and a name by the start of any word', async () => {
    const { db, rows } = await seeded();
    const [jose, maria] = rows;
    for (const search of ['12.345.678-5', '12345678-5', '123456785', '12.345.678'])
      expect(await matchingIds(db, { ...NO_FILTERS, search })).toEqual([jose!.IdPersona]);
    expect(await matchingIds(db, { ...NO_FILTERS, search: '7.654.321-6' })).toEqual([maria!.IdPersona]);
    // «jose» finds «José» and «María José» but also «Josefa»: a word's start, not the whole word.
    expect(await matchingIds(db, { ...NO_FILTERS, search: 'jose' })).toHaveLength(3);
    // «gonz» is the start of «González» in both, and of «Gonzalo» too: María is listed once.
    expect(await matchingIds(db, { ...NO_FILTERS, search: 'GONZ' })).toEqual([maria!.IdPersona, jose!.IdPersona]);
    expect(await matchingIds(db, { ...NO_FILTERS, search: 'jose gonz' })).toEqual([maria!.IdPersona, jose!.IdPersona]);
    expect(await matchingIds(db, { ...NO_FILTERS, search: 'onzalez' })).toEqual([]);
  });

  it('lists exactly what checking every row lists, for rare and common words, with and without filters', async () => {
    const { db, rows } = await seeded();
    const searches = ['', 'carga', 'carga nombre 1', 'nombre 12 carga', 'apellido 3', 'perez', 'jose', 'gonz', 'p', 'zzz', '2000000'];
    const filters: Partial<WorkerFilters>[] = [
      {},
      { nv2: 'n2a' },
      { nv2: 'n2a', nv3: 'n3b' },
      { cargo: 'c1' },
      { contractor: OWN_WORKERS },
      { contractor: '76543210-3' },
      { nv2: 'n2b', contractor: OWN_WORKERS },
    ];
    for (const search of searches)
      for (const filter of filters) {
        const chosen = { ...NO_FILTERS, ...filter, search };
        expect(await matchingIds(db, chosen), JSON.stringify(chosen)).toEqual(scanned(rows, chosen));
      }
  });
});
