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
  Accion: 'busqueda' | 'pdf';
  TipoRegistro: Generated<string>;
  IdRegistro: Generated<string>;
  Desde: Generated<string>;
  Hasta: Generated<string>;
  En: string;
}
