import { clienteOfficeRecord } from '../schemas/clientes.schema.ts';
import { empresaContratistaOfficeRecord } from '../schemas/empresa-contratistas.schema.ts';
import { rolOfficeRecord } from '../schemas/roles.schema.ts';
import { usuarioOfficeRecord } from '../schemas/usuarios.schema.ts';
import { ENTITIES, isEntityTable, UndescribedTableError } from './entities.ts';
import type { OfficeRecord } from './office-record.ts';

/** Every office record whose writes the outbox carries (SPEC OF1), by kind. */
export const OFFICE_RECORDS = {
  usuarios: usuarioOfficeRecord,
  roles: rolOfficeRecord,
  empresas_contratistas: empresaContratistaOfficeRecord,
  clientes: clienteOfficeRecord,
} as const;

export type OfficeKind = keyof typeof OFFICE_RECORDS;

export function isOfficeKind(kind: string): kind is OfficeKind {
  return Object.hasOwn(OFFICE_RECORDS, kind) && !isEntityTable(kind);
}

/** How a queued write's record is named: an entity's description or an office record's; any other fails loudly. */
export function describedWriteOf(table: string): Pick<OfficeRecord, 'noun' | 'displayName' | 'verb'> {
  if (isEntityTable(table)) {
    const entity = ENTITIES[table];
    return { noun: entity.noun, displayName: (body) => entity.displayName(body), verb: entity.verb };
  }
  if (isOfficeKind(table)) return OFFICE_RECORDS[table];
  throw new UndescribedTableError(table);
}
