import { describe, expect, it } from 'vitest';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { BASE, certificadoBody, createTipo, createVehiculo, equipoBody, instalacionBody, read, write } from './support/flota-api-factory.ts';
import { uploadImage } from './support/inspecciones-factory.ts';
import { createWorker, deleteWorker, SEEDED, workerBody } from './support/trabajadores-factory.ts';

/**
 * The asset screens' lists (issue 38, spec: niveles/{id}/{company}, listas/trabajadores/{company},
 * newX/mascaras|filtros/{company}, certificaciones-evidencias/{id}/{company}). Rule id in server/modules/flota/README.md.
 */
const test = serverForEachTest();
const admin = () => test.admin.token;
type Option = { value: string; label: string };

async function levelName(IdNivel: string): Promise<string> {
  const row = await test.server.deps.db.selectFrom('niveles').select('Nombre').where('IdNivel', '=', IdNivel).executeTakeFirstOrThrow();
  return row.Nombre;
}

describe('the asset screens’ lists (FL-LST1)', () => {
  it('FL-LST1: niveles names the asset’s worksite and area; an unknown asset has none', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin());
    const [NombreNv2, NombreNv3] = [await levelName(SEEDED.nv2(1)), await levelName(SEEDED.nv3(1))];
    expect((await read(test.server, admin(), `${BASE.vehiculos}/niveles/${vehiculo.IdVehiculo}/${ANDES.id}`)).body).toEqual({
      statusCode: 200,
      data: [{ IdNivel2: SEEDED.nv2(1), NombreNv2, IdNivel3: SEEDED.nv3(1), NombreNv3 }],
    });
    const plant = instalacionBody({ IdNivel2: SEEDED.nv2(2), IdNivel3: null });
    await write(test.server, admin(), 'POST', BASE.instalaciones, plant);
    expect((await read(test.server, admin(), `${BASE.instalaciones}/niveles/${plant.IdInstalacion}/${ANDES.id}`)).body.data).toEqual([
      { IdNivel2: SEEDED.nv2(2), NombreNv2: await levelName(SEEDED.nv2(2)), IdNivel3: null, NombreNv3: '' },
    ]);
    expect((await read(test.server, admin(), `${BASE.equipos}/niveles/${vehiculo.IdVehiculo}/${ANDES.id}`)).body).toEqual({ statusCode: 200, data: [] });
  });

  it('FL-LST1: listas/trabajadores gives the active workers by name, a contractor’s user only its own', async () => {
    const zoila = workerBody({ Nombres: 'Zoila', ApellidoPaterno: 'Zamora', TipoEmpresa: 2, RutContratista: SEEDED.contractorRut });
    const left = workerBody({ Nombres: 'Yolanda', ApellidoPaterno: 'Zamora' });
    for (const worker of [zoila, left]) expect((await createWorker(test.server, admin(), worker)).status).toBe(200);
    expect((await deleteWorker(test.server, admin(), left.IdPersona, test.admin.userId)).status).toBe(200);

    type Worker = { IdPersona: string; Nombre: string; RunPersona: string; RutContratista: string };
    const workers = (await read<Worker[]>(test.server, admin(), `${BASE.vehiculos}/listas/trabajadores/${ANDES.id}`)).body.data;
    expect(workers).toContainEqual({ IdPersona: zoila.IdPersona, Nombre: 'Zoila Zamora Lagos', RunPersona: zoila.RunPersona, RutContratista: SEEDED.contractorRut });
    expect(workers.map((row) => row.IdPersona)).not.toContain(left.IdPersona);
    expect(workers.some((row) => row.RutContratista === '')).toBe(true);
    const names = workers.map((row) => row.Nombre);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));

    const contractor = (await test.server.login('contratista@andesdemo.cl')).token;
    const theirs = (await read<Worker[]>(test.server, contractor, `${BASE.equipos}/listas/trabajadores/${ANDES.id}`)).body.data;
    expect(theirs.map((row) => row.IdPersona)).toContain(zoila.IdPersona);
    expect(theirs.every((row) => row.RutContratista === SEEDED.contractorRut)).toBe(true);
  });

  it('FL-LST1: mascaras gives the company’s level names; filtros the worksites, types and contractors of active assets', async () => {
    const masks = await test.server.deps.db.selectFrom('mascaras').select(['TipoNv', 'Nombre']).where('IdEmpresa', '=', ANDES.id).orderBy('TipoNv').execute();
    expect(masks.length).toBeGreaterThan(0);
    for (const kind of ['newvehiculos', 'newequipos', 'newinstalaciones']) {
      const base = BASE[kind.slice(3) as keyof typeof BASE];
      expect((await read(test.server, admin(), `${base}/${kind}/mascaras/${ANDES.id}`)).body).toEqual({ statusCode: 200, data: masks });
    }

    const used = await createTipo(test.server, admin(), 'equipo', { Nombre: 'Manipulador telescópico (prueba)' });
    const unused = await createTipo(test.server, admin(), 'equipo', { Nombre: 'Rodillo compactador (prueba)' });
    const gone = await createTipo(test.server, admin(), 'equipo', { Nombre: 'Retroexcavadora (prueba)' });
    const elsewhere = { IdNivel2: SEEDED.nv2(2), IdNivel3: SEEDED.nv3(3), RutContratista: SEEDED.contractorRut };
    const machine = equipoBody(String(used.IdTipoEquipo), elsewhere);
    const deleted = equipoBody(String(gone.IdTipoEquipo));
    for (const body of [machine, deleted]) expect((await write(test.server, admin(), 'POST', BASE.equipos, body)).status).toBe(200);
    expect((await write(test.server, admin(), 'DELETE', `${BASE.equipos}/${deleted.IdEquipo}`)).status).toBe(200);

    type Filters = { Faenas: Option[]; Tipos: Option[]; Contratistas: Option[] };
    const filters = (await read<Filters>(test.server, admin(), `${BASE.equipos}/newequipos/filtros/${ANDES.id}`)).body.data;
    expect(filters.Faenas).toContainEqual({ value: SEEDED.nv2(2), label: await levelName(SEEDED.nv2(2)) });
    expect(filters.Tipos).toContainEqual({ value: used.IdTipoEquipo, label: 'Manipulador telescópico (prueba)' });
    expect(filters.Tipos.map((row) => row.value)).not.toContain(unused.IdTipoEquipo);
    expect(filters.Tipos.map((row) => row.value)).not.toContain(gone.IdTipoEquipo);
    expect(filters.Contratistas).toContainEqual({ value: SEEDED.contractorRut, label: 'Montajes Industriales del Sur SpA' });
    const plants = (await read<Filters>(test.server, admin(), `${BASE.instalaciones}/newinstalaciones/filtros/${ANDES.id}`)).body.data;
    expect(plants.Tipos).toEqual([]);
  });

  it('FL-LST1: certificaciones-evidencias signs the certificate’s files, which answer the uploaded bytes', async () => {
    const { vehiculo } = await createVehiculo(test.server, admin());
    const photo = await uploadImage(test.server, admin());
    const cert = certificadoBody(vehiculo.IdVehiculo, { Archivos: [photo] });
    expect((await write(test.server, admin(), 'POST', `${BASE.vehiculos}/certificaciones`, cert)).status).toBe(200);

    type Evidences = { IdCertificacion: string; Archivos: { Sha256: string; Tipo: string }[]; Urls: Record<string, string> };
    const path = `${BASE.vehiculos}/certificaciones-evidencias/${cert.IdCertificacion}/${ANDES.id}`;
    const evidences = (await read<Evidences>(test.server, admin(), path)).body.data;
    expect(evidences).toMatchObject({ IdCertificacion: cert.IdCertificacion, Archivos: [photo] });
    expect(Object.keys(evidences.Urls)).toEqual([photo.Sha256]);
    // The signed link is the credential: no session is sent with it.
    const opened = await test.server.app.request(evidences.Urls[photo.Sha256]!);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('Content-Type')).toBe('image/png');

    const detail = await read<{ Urls: Record<string, string> }>(test.server, admin(), `${BASE.vehiculos}/certificaciones/one/${cert.IdCertificacion}/${ANDES.id}`);
    expect(Object.keys(detail.body.data.Urls)).toEqual([photo.Sha256]);
    expect((await read(test.server, admin(), `${BASE.equipos}/certificaciones-evidencias/${cert.IdCertificacion}/${ANDES.id}`)).body).toEqual({
      statusCode: 200,
      data: null,
    });
  });
});
