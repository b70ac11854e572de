import type { Generated } from 'kysely';

/** Migration 0018: inspectors' accounts, their recovery codes and the log of what they consulted. */
export interface FiscalizadoresTable {
  IdFiscalizador: Generated<number>;
  Correo: string;
  HashContrasena: string;
  DebeCambiarContrasena: number;
  TemporalExpiraEn: number | null;
  CreadoEn: string;
  VerificadoEn: string | null;
  /** Migration 0020: moved by a password change; tokens of an earlier generation open nothing (SPEC SE3). */
  GeneracionSesion: Generated<number>;
}

export interface CodigosFiscalizadoresTable {
  IdCodigo: Generated<number>;
  IdFiscalizador: number;
  HashCodigo: string;
  ExpiraEn: number;
  Intentos: Generated<number>;
  Usado: Generated<number>;
}

export interface AccesosFiscalizadoresTable {
  IdAcceso: Generated<number>;
  IdFiscalizador: number;
  Correo: string;
  IdEmpresa: string;
  IdPersona: string;
  RutTrabajador: string;
  NombreTrabajador: string;
  /** 'nomina': a listing of the company's roster (migration 0020), with its search text and how many it showed. */
  Accion: 'busqueda' | 'pdf' | 'nomina';
  TipoRegistro: Generated<string>;
  IdRegistro: Generated<string>;
  Desde: Generated<string>;
  Hasta: Generated<string>;
  Busqueda: Generated<string>;
  Resultados: Generated<number>;
  En: string;
}
