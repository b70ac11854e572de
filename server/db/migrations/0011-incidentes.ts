import { sql, type Kysely } from 'kysely';

/**
 * Incidents and accidents: the fifteen accident catalogues (one shape: name, kind, maybe a parent, who and when),
 * the cases and their control measures.
 *
 * - A case keeps every field the rates and dashboards query (classification, dates, lost days, gravity, risk
 *   level, levels, injured worker, contractor) as its own column, and the lists of the form (acts, causes, evidence,
 *   statements, investigators) as JSON. `Estado` is 1 open, 2 closed, 0 deleted.
 * - A measure copies its case's contractor and client: they decide who pulls it, without a join.
 * Every row carries IdEmpresa: every query is scoped by the token's company. Plain SQL types only, so PostgreSQL
 * can run the same statements.
 */
const CATALOGUES: [table: string, parent: string | null][] = [
  ['actos_subestandares', null],
  ['condiciones_subestandares', null],
  ['tipos_evento', null],
  ['tipos_agente', null],
  ['items_agente', 'IdTipoAgente'],
  ['faltas_control', null],
  ['tipos_lesion', null],
  ['partes_cuerpo', null],
  ['factores', null],
  ['causas_basicas', 'IdFactor'],
  ['items_causas_basicas', 'IdCausaBasica'],
  ['fuentes_evento', null],
  ['agentes_evento', null],
  ['familias_riesgo', null],
  ['riesgos_especificos', 'IdFamiliaRiesgo'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, parent] of CATALOGUES) {
    let create = db.schema
      .createTable(table)
      .addColumn('Id', 'text', (c) => c.primaryKey())
      .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
      .addColumn('Info', 'text', (c) => c.notNull())
      .addColumn('Tipo', 'text', (c) => c.notNull().defaultTo(''));
    if (parent) create = create.addColumn(parent, 'text', (c) => c.notNull());
    await create
      .addColumn('Fecha', 'text', (c) => c.notNull())
      .addColumn('IdUsuario', 'integer', (c) => c.notNull())
      .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.createIndex(`${table}_empresa`).on(table).columns(['IdEmpresa', 'Estado', 'Info']).execute();
    if (parent) await db.schema.createIndex(`${table}_padre`).on(table).columns(['IdEmpresa', parent]).execute();
  }

  await sql`CREATE TABLE incidentes (
    IdEvaluacion TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdAccidente TEXT NOT NULL,
    Estado INTEGER NOT NULL DEFAULT 1,
    Clasificacion TEXT NOT NULL,
    Gravedad TEXT NOT NULL DEFAULT 'no_grave',
    CriteriosGravedad TEXT NOT NULL DEFAULT '[]',
    FechaOcurrencia TEXT NOT NULL,
    HoraOcurrencia TEXT NOT NULL,
    FechaAlta TEXT NOT NULL DEFAULT '',
    DiasPerdidos INTEGER,
    Lugar TEXT NOT NULL,
    IdNivel2 TEXT,
    IdNivel3 TEXT,
    ProcesoFaena TEXT NOT NULL DEFAULT '',
    EquipoTrabajo TEXT NOT NULL DEFAULT '',
    FuenteEvento TEXT,
    AgenteEvento TEXT,
    TipoEvento TEXT NOT NULL,
    IdPersona TEXT,
    NombreAccidentado TEXT NOT NULL DEFAULT '',
    Rut TEXT NOT NULL DEFAULT '',
    Cargo TEXT NOT NULL DEFAULT '',
    Edad INTEGER,
    AntiguedadCargo TEXT NOT NULL DEFAULT '',
    RutContratista TEXT,
    IdCliente TEXT,
    TipoLesion TEXT,
    ParteCuerpo TEXT,
    Equipo TEXT,
    Proceso TEXT NOT NULL DEFAULT '',
    Monto REAL,
    Descripcion TEXT NOT NULL DEFAULT '',
    ActosSubestandar TEXT NOT NULL DEFAULT '[]',
    Factores TEXT NOT NULL DEFAULT '[]',
    CondicionSubestandar TEXT NOT NULL DEFAULT '[]',
    CausasBasicas TEXT NOT NULL DEFAULT '[]',
    ItemCausasBasicas TEXT NOT NULL DEFAULT '[]',
    FaltaControl TEXT NOT NULL DEFAULT '[]',
    IdRiesgoEspecifico TEXT,
    Probabilidad INTEGER,
    Consecuencia INTEGER,
    ValorRiesgo INTEGER,
    NivelRiesgo TEXT NOT NULL DEFAULT '',
    NombreInformador TEXT NOT NULL,
    RutEjecutor TEXT NOT NULL DEFAULT '',
    DvEjecutor TEXT NOT NULL DEFAULT '',
    FirmaInformador TEXT,
    FechaConocimiento TEXT NOT NULL,
    MedioPrueba TEXT NOT NULL DEFAULT '',
    DiatPresentadaEn TEXT,
    DiatPresentadaPor TEXT NOT NULL DEFAULT '',
    DiatFolio TEXT NOT NULL DEFAULT '',
    Mutualidad TEXT NOT NULL DEFAULT '',
    SuspensionFaenaEn TEXT,
    AvisoInspeccionEn TEXT,
    AvisoSeremiEn TEXT,
    DatosDiat TEXT NOT NULL DEFAULT '{}',
    Evidencias TEXT NOT NULL DEFAULT '[]',
    Declaraciones TEXT NOT NULL DEFAULT '[]',
    Investigadores TEXT NOT NULL DEFAULT '[]',
    FechaEvaluacion TEXT NOT NULL,
    IdUsuario INTEGER NOT NULL,
    CreadoEn TEXT NOT NULL,
    CerradoEn TEXT,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`CREATE INDEX incidentes_fecha ON incidentes (IdEmpresa, Estado, FechaOcurrencia)`.execute(db);
  await sql`CREATE INDEX incidentes_clasificacion ON incidentes (IdEmpresa, Clasificacion, FechaOcurrencia)`.execute(db);
  await sql`CREATE INDEX incidentes_contratista ON incidentes (IdEmpresa, RutContratista)`.execute(db);
  await sql`CREATE INDEX incidentes_niveles ON incidentes (IdEmpresa, IdNivel2, IdNivel3)`.execute(db);

  await sql`CREATE TABLE medidas_control (
    IdMedidaControl TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdEvaluacion TEXT NOT NULL REFERENCES incidentes (IdEvaluacion),
    MedidaControl TEXT NOT NULL,
    Plazo TEXT,
    Responsable TEXT NOT NULL,
    IdResponsable INTEGER,
    Semaforo INTEGER NOT NULL DEFAULT 1,
    Respondida INTEGER NOT NULL DEFAULT 0,
    Aprobada INTEGER NOT NULL DEFAULT 0,
    Archivos TEXT NOT NULL DEFAULT '[]',
    Respuestas TEXT NOT NULL DEFAULT '[]',
    RutContratista TEXT,
    IdCliente TEXT,
    CreadoEn TEXT NOT NULL,
    Estado INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`CREATE INDEX medidas_control_caso ON medidas_control (IdEmpresa, IdEvaluacion)`.execute(db);
  await sql`CREATE INDEX medidas_control_plazo ON medidas_control (Estado, Aprobada, Plazo)`.execute(db);
}
