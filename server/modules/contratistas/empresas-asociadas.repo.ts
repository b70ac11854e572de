import * as v from 'valibot';
import { chainsOf } from '#sync/domain/subcontract-chains.ts';
import { DEFAULT_LOGO_URL, PARTY_ACCOUNT } from '#sync/schemas/accounts.schema.ts';
import { ClienteIdSchema } from '#sync/schemas/clientes.schema.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import {
  type Cadena,
  type EmpresaAsociada,
  type EmpresaAsociadaDetalle,
  TIPO_EMPRESA,
  type TipoEmpresa,
} from '#sync/schemas/contratistas-empresas.schema.ts';
import { EmpresaContratistaIdParamSchema } from '#sync/schemas/empresa-contratistas.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { FileStore } from '#server/files/file-store.ts';
import { imageOrDefault } from '#server/files/inline-image.ts';
import { contratosStore } from './contratistas-stores.ts';

/** What both kinds of party store alike, read under the directory's names. */
const PARTY_COLUMNS = ['Nombre', 'Correo', 'Telefono', 'Direccion', 'Estado', 'LogoArchivo', 'Tipo'] as const;

interface PartyRow {
  Id: string;
  Rut: string;
  Nombre: string;
  Correo: string;
  Telefono: string;
  Direccion: string;
  Estado: 1 | 2;
  LogoArchivo: string | null;
  Tipo: 1 | 2;
}

function contractors(db: Db, company: string, id?: string): Promise<PartyRow[]> {
  let query = db
    .selectFrom('empresas_contratistas')
    .select([...PARTY_COLUMNS, 'IdEmpresaContratista as Id', 'RutCompleto as Rut'])
    .where('IdEmpresa', '=', company);
  if (id !== undefined) query = query.where('IdEmpresaContratista', '=', id);
  return query.execute();
}

function clients(db: Db, company: string, id?: string): Promise<PartyRow[]> {
  let query = db.selectFrom('clientes').select([...PARTY_COLUMNS, 'IdCliente as Id', 'RutCliente as Rut']).where('IdEmpresa', '=', company);
  if (id !== undefined) query = query.where('IdCliente', '=', id);
  return query.execute();
}

function toWire(files: FileStore, now: Date, tipo: TipoEmpresa, row: PartyRow): EmpresaAsociada {
  const { LogoArchivo, Tipo, ...fields } = row;
  const Logo = imageOrDefault(files, LogoArchivo, now, DEFAULT_LOGO_URL).url;
  return { ...fields, Tipo: tipo, Logo, ConCuenta: Tipo === PARTY_ACCOUNT.conCuenta };
}

const byName = (a: EmpresaAsociada, b: EmpresaAsociada) => a.Nombre.localeCompare(b.Nombre, 'es') || a.Tipo - b.Tipo || a.Id.localeCompare(b.Id);

/** Every contractor company and client of the company, active or not, by name. */
export async function listEmpresas(db: Db, files: FileStore, now: Date, company: string): Promise<EmpresaAsociada[]> {
  const [contractorRows, clientRows] = await Promise.all([contractors(db, company), clients(db, company)]);
  return [
    ...contractorRows.map((row) => toWire(files, now, TIPO_EMPRESA.contratista, row)),
    ...clientRows.map((row) => toWire(files, now, TIPO_EMPRESA.cliente, row)),
  ].sort(byName);
}

/** One company of the directory by its type and id, the id read as that type's own calls read it; undefined when none. */
export async function findEmpresa(db: Db, files: FileStore, now: Date, company: string, tipo: TipoEmpresa, id: string) {
  const parsed = v.safeParse(tipo === TIPO_EMPRESA.contratista ? EmpresaContratistaIdParamSchema : ClienteIdSchema, id);
  if (!parsed.success) return undefined;
  const [row] = await (tipo === TIPO_EMPRESA.contratista ? contractors : clients)(db, company, parsed.output);
  return row && toWire(files, now, tipo, row);
}

/** A contract as the chain rules read it; a row written before `Ascendencias` existed has every subcontractor under the contractor. */
const chainOf = (contract: Contrato) => ({
  RutContratista: contract.RutContratista,
  Subcontratistas: contract.Subcontratistas,
  Ascendencias: contract.Ascendencias ?? {},
});

/**
 * The contracts a contractor works in (as contractor or subcontractor) and every chain of them it is part of, each
 * company named by its contractor company's name (its RUT when it is no longer one).
 */
async function contractsOf(db: Db, company: string, rut: string): Promise<Pick<EmpresaAsociadaDetalle, 'Contratos' | 'Cadenas'>> {
  const all = await contratosStore.listActive(db, company, { kind: 'empresa' });
  const own = all.filter((contract) => contract.RutContratista === rut || contract.Subcontratistas.includes(rut));
  if (own.length === 0) return { Contratos: [], Cadenas: [] };
  const names = new Map((await contractors(db, company)).map((row) => [row.Rut, row.Nombre]));
  const named = (companyRut: string) => ({ Rut: companyRut, Nombre: names.get(companyRut) ?? companyRut });
  const Contratos = own.map((contract) => ({
    IdContrato: contract.IdContrato,
    Nombre: contract.Nombre,
    Rol: contract.RutContratista === rut ? ('contratista' as const) : ('subcontratista' as const),
    FechaInicio: contract.FechaInicio,
    FechaTermino: contract.FechaTermino,
    Contratista: named(contract.RutContratista),
  }));
  const Cadenas: Cadena[] = own.flatMap((contract) =>
    chainsOf(chainOf(contract))
      .filter((chain) => chain.includes(rut))
      .map((chain) => ({ IdContrato: contract.IdContrato, Contrato: contract.Nombre, Empresas: chain.map(named) })),
  );
  return { Contratos, Cadenas };
}

/** One company with, for a contractor, its contracts and its subcontractor chains; a client has none. */
export async function detailOf(db: Db, company: string, empresa: EmpresaAsociada): Promise<EmpresaAsociadaDetalle> {
  if (empresa.Tipo === TIPO_EMPRESA.cliente) return { ...empresa, Contratos: [], Cadenas: [] };
  return { ...empresa, ...(await contractsOf(db, company, empresa.Rut)) };
}
