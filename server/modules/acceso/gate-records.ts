import type { GateAccreditation, PersonAtGate } from '#sync/domain/gate-decision.ts';
import type { GateMovement } from '#sync/domain/on-site.ts';
import { personName } from '#sync/domain/person-name.ts';
import type { Db } from '#server/db/database.ts';

type ProvisionalPass = { IdPase: string; IdNivel2: string; Hasta: string; FechaDispositivo: string };

/** What the gate reads of the contractors' tables and its own, typed beside the only code that queries them. */
type GateTables = {
  acreditaciones: {
    IdEmpresa: string;
    RunPersona: string;
    IdNivel2: string;
    Acreditado: number;
    AcreditadoHasta: string;
    Motivos: string;
    RutContratista: string;
    Estado: number;
  };
  pases_provisorios: ProvisionalPass & { IdEmpresa: string; Rut: string; Estado: number };
  pases_dia: { IdEmpresa: string; IdPase: string; Revocado: number; IdNivel2: string; Estado: number };
  movimientos_acceso: GateMovement & { IdEmpresa: string; Estado: number; Motivos: string };
};

const gate = (db: Db) => db.withTables<GateTables>();

/** A person as the gate knows them: the company's worker with that RUT (their contractor, whether active), if any. */
export async function personByRut(db: Db, company: string, rut: string): Promise<(PersonAtGate & { Nombre: string }) | undefined> {
  const row = await db
    .selectFrom('trabajadores')
    .select(['Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'RutContratista', 'Estado'])
    .where('IdEmpresa', '=', company)
    .where('RunPersona', '=', rut)
    .orderBy('Estado', 'desc')
    .executeTakeFirst();
  return row && { RutContratista: row.RutContratista, Estado: row.Estado, Nombre: personName(row) };
}

/** The person's accreditation rows (every worksite), as the gate reads them. */
export async function accreditationsOf(db: Db, company: string, rut: string): Promise<(GateAccreditation & { RutContratista: string })[]> {
  const rows = await gate(db)
    .selectFrom('acreditaciones')
    .select(['IdNivel2', 'Acreditado', 'AcreditadoHasta', 'Motivos', 'RutContratista'])
    .where('IdEmpresa', '=', company)
    .where('RunPersona', '=', rut)
    .where('Estado', '<>', 0)
    .execute();
  return rows.map((row) => ({ ...row, Acreditado: row.Acreditado === 1 ? 1 : 0, Motivos: JSON.parse(row.Motivos) as string[] }));
}

/** The person's active provisional passes at a worksite: each holds until its `Hasta`. */
export async function provisionalPassesOf(db: Db, company: string, rut: string): Promise<ProvisionalPass[]> {
  return gate(db)
    .selectFrom('pases_provisorios')
    .select(['IdPase', 'IdNivel2', 'Hasta', 'FechaDispositivo'])
    .where('IdEmpresa', '=', company)
    .where('Rut', '=', rut)
    .where('Estado', '<>', 0)
    .execute();
}

/** The ids of the company's revoked day passes: what a pass the server signed is checked against. */
export async function revokedPasses(db: Db, company: string): Promise<Set<string>> {
  const rows = await gate(db).selectFrom('pases_dia').select('IdPase').where('IdEmpresa', '=', company).where('Revocado', '=', 1).execute();
  return new Set(rows.map((row) => row.IdPase));
}

/** The worksite's allowed movements up to an instant: what the on-site count reads. */
export async function movementsUntil(db: Db, company: string, IdNivel2: string, at: string): Promise<GateMovement[]> {
  return gate(db)
    .selectFrom('movimientos_acceso')
    .select(['IdMovimiento', 'Tipo', 'Sujeto', 'Rut', 'IdActivo', 'Nombre', 'IdNivel2', 'Puerta', 'Permitido', 'FechaDispositivo'])
    .select('RutContratista')
    .where('IdEmpresa', '=', company)
    .where('IdNivel2', '=', IdNivel2)
    .where('Permitido', '=', 1)
    .where('Estado', '<>', 0)
    .where('FechaDispositivo', '<=', at)
    .execute();
}
