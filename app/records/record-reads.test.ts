import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchServerRecord } from './record-reads.ts';

const COMPANY = '76123456';
const ID = '0190f2a4-1c2b-7d3e-8f40-5a6b7c8d9e0f';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_path: string) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const nivel = (overrides: Record<string, unknown> = {}) => ({
  IdNivel: ID,
  IdEmpresa: COMPANY,
  TipoNivel: 2,
  Nombre: 'Faena Norte',
  IdNivelPadre: null,
  RutNivel: '',
  Estado: 1,
  Version: 3,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('fetchServerRecord', () => {
  it("asks the description's detail call and keeps the record as the device would", async () => {
    const fetch = answer(200, { statusCode: 200, data: { ...nivel(), Urls: { abc: 'https://firmado' } } });
    const row = await fetchServerRecord('niveles', ID, COMPANY);
    expect(fetch.mock.calls[0]![0]).toBe(`/api/niveles/one/${COMPANY}/${ID}`);
    expect(row).toEqual({ ...nivel(), orden: 'faena norte' });
    expect(row).not.toHaveProperty('Urls');
  });

  it('fills the id under the name its call uses', async () => {
    const fetch = answer(200, { statusCode: 200, data: null });
    await fetchServerRecord('observaciones', ID, COMPANY);
    await fetchServerRecord('inspecciones', ID, COMPANY);
    await fetchServerRecord('formularios', ID, COMPANY);
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([
      `/api/inspecciones/observaciones-inspecciones/observaciones/${ID}`,
      `/api/inspecciones/observaciones-inspecciones/one/${ID}`,
      `/api/formularios/formularios/one/${ID}`,
    ]);
  });

  it('answers null for a record that does not exist: data null, 404, deleted, or an id no record can have', async () => {
    answer(200, { statusCode: 200, data: null });
    expect(await fetchServerRecord('niveles', ID, COMPANY)).toBeNull();
    answer(404, { statusCode: 404, message: 'Inspección no encontrada' });
    expect(await fetchServerRecord('inspecciones', ID, COMPANY)).toBeNull();
    answer(200, { statusCode: 200, data: nivel({ Estado: 0 }) });
    expect(await fetchServerRecord('niveles', ID, COMPANY)).toBeNull();
    const fetch = answer(200, { statusCode: 200, data: nivel() });
    expect(await fetchServerRecord('niveles', 'no-existe', COMPANY)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets any other failure through, with the server message', async () => {
    answer(500, { statusCode: 500, message: 'Error interno' });
    await expect(fetchServerRecord('niveles', ID, COMPANY)).rejects.toMatchObject({ status: 500 });
  });
});
