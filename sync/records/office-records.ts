import { clienteOfficeRecord } from '../schemas/clientes.schema.ts';
import { empresaContratistaOfficeRecord } from '../schemas/empresa-contratistas.schema.ts';
import { empresaOfficeRecord } from '../schemas/perfil.schema.ts';
import { rolOfficeRecord } from '../schemas/roles.schema.ts';
import { usuarioOfficeRecord } from '../schemas/usuarios.schema.ts';
import { ENTITIES, isEntityTable, UndescribedTableError } from './entities.ts';
import type { WriteFailureMessages } from './entity.ts';
import type { OfficeRecord } from './office-record.ts';

/** Every office record whose writes the outbox carries (SPEC OF1), by kind: Perfil Empresa's is `empresas`. */
export const OFFICE_RECORDS = {
  usuarios: usuarioOfficeRecord,
  roles: rolOfficeRecord,
  empresas_contratistas: empresaContratistaOfficeRecord,
  clientes: clienteOfficeRecord,
  empresas: empresaOfficeRecord,
} as const;

export type OfficeKind = keyof typeof OFFICE_RECORDS;

export function isOfficeKind(kind: string): kind is OfficeKind {
  return Object.hasOwn(OFFICE_RECORDS, kind) && !isEntityTable(kind);
}

/** How a queued write's record is named: an entity's description or an office record's; any other fails loudly. */
export function describedWriteOf(table: string): Pick<OfficeRecord, 'noun' | 'displayName' | 'verb' | 'failures'> {
  if (isEntityTable(table)) {
    const entity = ENTITIES[table];
    return { noun: entity.noun, displayName: (body) => entity.displayName(body), verb: entity.verb, failures: entity.messages };
  }
  if (isOfficeKind(table)) return OFFICE_RECORDS[table];
  throw new UndescribedTableError(table);
}

const FAILURE_OF_METHOD: Record<string, keyof WriteFailureMessages> = {
  POST: 'createFailed',
  PUT: 'updateFailed',
  PATCH: 'updateFailed',
  DELETE: 'deleteFailed',
};

/**
 * The spec's notice of a refused write of `table` ("No se pudo crear el rol"), from what the write does; none for a
 * write its own verb names (an approval, a deactivation) or a record whose failures the spec does not name.
 */
export function failureNoticeOf(table: string, write: { method: string; path: string }): string | undefined {
  const described = describedWriteOf(table);
  if (described.verb?.(write)) return undefined;
  const kind = FAILURE_OF_METHOD[write.method];
  return kind ? described.failures?.[kind] : undefined;
}

/** What a person reads of a refused write: the spec's notice of its kind, then the server's reason. */
export function refusalText(table: string, write: { method: string; path: string }, reason: string): string {
  const notice = failureNoticeOf(table, write);
  return notice ? `${notice}: ${reason}` : reason;
}

/** The notice of several refused deletes of `table` together ("Error al eliminar algunas empresas"), if the spec names one. */
export function manyDeletesFailedOf(table: string): string | undefined {
  return describedWriteOf(table).failures?.deleteManyFailed;
}
