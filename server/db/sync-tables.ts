import type { Generated } from 'kysely';

export interface ArchivosTable {
  Sha256: string;
  Tipo: string;
  Tamano: number;
  CreadoEn: string;
}

export interface IdempotenciaTable {
  IdEmpresa: string;
  Clave: string;
  /** sha256 of method, path and canonical body. */
  Huella: string;
  Estado: number;
  /** The JSON answer a replay returns. */
  Respuesta: string;
  CreadoEn: string;
}

export type ChangeOperation = 'upsert' | 'delete';

export interface CambiosTable {
  Seq: Generated<number>;
  IdEmpresa: string;
  Tabla: string;
  IdRegistro: string;
  Operacion: ChangeOperation;
  /** JSON of the row after the change; null for a delete (tombstone). */
  Fila: string | null;
  CreadoEn: string;
  /** Who may pull it (see migration 0006): 'todos', 'empresa', 'contratista:<RUT>' or 'revocar:<RUT>'. */
  Audiencia: Generated<string>;
  /** The worksite of a record that carries one (migration 0025): only devices of that worksite pull it. */
  Nivel2: string | null;
  Nivel3: string | null;
}

export interface RetencionCambiosTable {
  Id: number;
  DesdeSeq: number;
}

export interface ConflictosTable {
  IdConflicto: Generated<number>;
  IdEmpresa: string;
  Tabla: string;
  IdRegistro: string;
  VersionBase: number;
  VersionServidor: number;
  /** JSON of the losing write, kept so the person can still see and reapply it. */
  Cuerpo: string;
  Usuario: number;
  /** The Idempotency-Key of the losing write, linking it to the device's dead-lettered outbox entry. */
  Clave: string | null;
  CreadoEn: string;
  Resuelto: Generated<number>;
}

export interface ArchivosEmpresaTable {
  Sha256: string;
  IdEmpresa: string;
  CreadoEn: string;
}

/** Settings every node shares (migration 0024): the session secret when the database is PostgreSQL. */
export interface AjustesServidorTable {
  Clave: string;
  Valor: string;
  CreadoEn: string;
}

/** The bytes of a stored file when they live in the database (no S3-compatible store set). */
export interface ArchivosContenidoTable {
  Sha256: string;
  Contenido: Buffer;
}

/** A scheduled job's last run across the nodes: it runs once per period, whichever node ticks first. */
export interface TrabajosProgramadosTable {
  Nombre: string;
  UltimoInicio: string;
  UltimoFin: string | null;
  Nodo: string;
  Error: string | null;
}
