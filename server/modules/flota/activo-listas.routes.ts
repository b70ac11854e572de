import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { personName } from '#sync/domain/person-name.ts';
import { ASSET_KINDS, type AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { MasksAnswer } from '#server/records/dashboard-answers.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { pickableWorkers } from '#server/records/pick-lists.ts';
import { readAccess } from '#server/records/read-access.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import type { AssetPlace } from '#sync/schemas/flota-registros.schema.ts';
import { CERTIFICATES, loadAsset } from './asset-records.ts';
import { FlotaEvidenciasAnswer, FlotaFiltrosAnswer, FlotaNivelesAnswer, FlotaTrabajadoresAnswer } from './flota-answers.ts';

type Ctx = Context<AppEnv>;
type Option = { value: string; label: string };

const recordId = v.pipe(v.string(), v.trim(), v.toLowerCase());
const IdPath = v.object({ id: recordId, company: v.string() });
const CertificatePath = v.object({ IdCertificacion: recordId, company: v.string() });

// Sorted here, not in SQL: SQLite and PostgreSQL order accents and case differently.
const byLabel = (options: Option[]) => options.sort((a, b) => a.label.localeCompare(b.label, 'es'));
const reader = (c: Ctx) => ({ ...c.get('deps'), ...c.get('session') });

/** The asset's worksite and area with their names; none when it is not the company's or the reader may not see it. */
async function levelsOf(c: Ctx, kind: AssetTable, id: string) {
  const { db, records, company, viewer } = reader(c);
  const asset = await loadAsset(records, db, company, kind, id);
  if (!asset || !canSeeContractorRows(viewer, asset)) return [];
  const name = async (level: string) => (await records.niveles.load(db, company, level))?.row.Nombre ?? '';
  const NombreNv3 = asset.IdNivel3 === null ? '' : await name(asset.IdNivel3);
  return [{ IdNivel2: asset.IdNivel2, NombreNv2: await name(asset.IdNivel2), IdNivel3: asset.IdNivel3, NombreNv3 }];
}

/** The worksites, types and contractors of the active assets the reader sees, each once, by name. */
async function filtersOf(c: Ctx, kind: AssetTable) {
  const { db, records, company, viewer } = reader(c);
  const assets = (await records[kind].listActive(db, company, viewer)) as unknown as (AssetPlace & Record<string, unknown>)[];
  const used = (field: string) => new Set(assets.map((asset) => String(asset[field] ?? '')).filter(Boolean));
  const sites = used('IdNivel2');
  const levels = await records.niveles.listActive(db, company, viewer);
  const Faenas = levels
    .filter((level) => level.TipoNivel === 2 && sites.has(level.IdNivel))
    .map((level) => ({ value: level.IdNivel, label: level.Nombre }));
  const { type, typeTable } = ASSET_KINDS[kind];
  const types = type === null ? [] : ((await records[typeTable].listActive(db, company, viewer)) as unknown as Record<string, string>[]);
  const typesUsed = type === null ? new Set<string>() : used(type);
  const Tipos = types.filter((row) => typesUsed.has(row[type!]!)).map((row) => ({ value: row[type!]!, label: row.Nombre! }));
  const ruts = [...used('RutContratista')];
  const companies = ruts.length
    ? await db.selectFrom('empresas_contratistas').select(['RutCompleto', 'Nombre']).where('IdEmpresa', '=', company).where('RutCompleto', 'in', ruts).execute()
    : [];
  const names = new Map(companies.map((row) => [row.RutCompleto, row.Nombre]));
  const Contratistas = ruts.map((rut) => ({ value: rut, label: names.get(rut) ?? rut }));
  return { Faenas: byLabel(Faenas), Tipos: byLabel(Tipos), Contratistas: byLabel(Contratistas) };
}

/** A certificate's files with their signed links, for whoever may see it. */
async function evidencesOf(c: Ctx, kind: AssetTable, id: string) {
  const { db, records, company, viewer, files, now } = reader(c);
  const cert = (await records[CERTIFICATES[kind]].load(db, company, id))?.row;
  if (!cert || !canSeeContractorRows(viewer, cert)) return null;
  return { IdCertificacion: cert.IdCertificacion, Archivos: cert.Archivos, Urls: files.signedUrls(cert.Archivos, now()) };
}

/**
 * The asset screens' lists (spec: GET niveles/{id}/{company}, listas/trabajadores/{company}, newX/mascaras|filtros/{company},
 * certificaciones-evidencias/{id}/{company}), each behind the asset's read permission. Mounted before the kit's calls.
 */
export function activoListasRoutes(kind: AssetTable): Hono<AppEnv> {
  const { entity } = ASSET_KINDS[kind];
  const spec = { tags: [entity.table], access: readAccess(entity) };
  const { one, many } = entity.noun;
  return new Hono<AppEnv>()
    .use(requireSession)
    .route(
      '/',
      readRoute(
        '/niveles/:id/:company',
        { ...spec, summary: `Faena y área de ${one} con sus nombres; vacío si no existe o no es visible`, answer: FlotaNivelesAnswer, params: IdPath },
        async (c, { params }) => ({ statusCode: 200 as const, data: await levelsOf(c, kind, params.id) }),
      ),
    )
    .route(
      '/',
      readRoute(
        '/listas/trabajadores/:company',
        {
          ...spec,
          summary: 'Trabajadores activos que el usuario puede nombrar como operadores, por nombre: { statusCode, data: [{ IdPersona, Nombre, RunPersona, RutContratista }] }',
          answer: FlotaTrabajadoresAnswer,
        },
        async (c) => {
          const workers = await pickableWorkers(c);
          const data = workers
            .map((row) => ({ IdPersona: row.IdPersona, Nombre: personName(row), RunPersona: row.RunPersona, RutContratista: row.RutContratista ?? '' }))
            .sort((a, b) => a.Nombre.localeCompare(b.Nombre, 'es'));
          return { statusCode: 200 as const, data };
        },
      ),
    )
    .route(
      '/',
      readRoute(
        `/new${kind}/mascaras/:company`,
        { ...spec, summary: 'Nombres de los niveles 2, 3 y 4: { statusCode, data: [{ TipoNv, Nombre }] }', answer: MasksAnswer },
        async (c) => ({ statusCode: 200 as const, data: await listMasks(c.get('deps').db, c.get('session').company) }),
      ),
    )
    .route(
      '/',
      readRoute(
        `/new${kind}/filtros/:company`,
        {
          ...spec,
          summary: `Opciones de los filtros de ${many}: faenas, tipos y contratistas con registros activos: { statusCode, data: { Faenas, Tipos, Contratistas } }`,
          answer: FlotaFiltrosAnswer,
        },
        async (c) => ({ statusCode: 200 as const, data: await filtersOf(c, kind) }),
      ),
    )
    .route(
      '/',
      readRoute(
        '/certificaciones-evidencias/:IdCertificacion/:company',
        {
          ...spec,
          summary: 'Archivos de una certificación con enlaces firmados en Urls { sha256: url }; data null si no existe o no es visible',
          answer: FlotaEvidenciasAnswer,
          params: CertificatePath,
        },
        async (c, { params }) => ({ statusCode: 200 as const, data: await evidencesOf(c, kind, params.IdCertificacion) }),
      ),
    );
}
