import * as v from 'valibot';

/**
 * Associated companies (spec screen empresas-asociadas, calls /empresa): one directory over the mandante's contractor
 * companies (Tipo 1) and clients (Tipo 2), each still kept and written by its own module.
 */
export const TIPO_EMPRESA = { contratista: 1, cliente: 2 } as const;
export type TipoEmpresa = (typeof TIPO_EMPRESA)[keyof typeof TIPO_EMPRESA];

/** The directory's permission route (its menu entry, IdSubmodulo 66). */
export const EMPRESAS_ASOCIADAS_ROUTE = '/empresas-asociadas';

export const TIPO_EMPRESA_LABELS: Record<TipoEmpresa, string> = { 1: 'Contratista', 2: 'Cliente' };

/** Spec section 8 word for word (the directory's own edit and delete say «con exito»); the rest in the same tone. */
export const EMPRESAS_MESSAGES = {
  edited: 'Empresa editada con exito',
  deleted: 'Empresa eliminada con exito',
  activated: 'Empresa activada con éxito',
  deactivated: 'Empresa desactivada con éxito',
  typeInvalid: 'El tipo de empresa debe ser 1 (contratista) o 2 (cliente)',
  notFound: 'Empresa no encontrada',
} as const;

/**
 * `{Tipo}` in a path, as digits: a number other than 1 or 2 names no company and is answered as one not found, after
 * the permission is checked (as an unknown id is).
 */
export const TipoEmpresaParamSchema = v.pipe(
  v.string(EMPRESAS_MESSAGES.typeInvalid),
  v.trim(),
  v.regex(/^\d{1,6}$/, EMPRESAS_MESSAGES.typeInvalid),
  v.transform(Number),
);

export function isTipoEmpresa(tipo: number): tipo is TipoEmpresa {
  return tipo === TIPO_EMPRESA.contratista || tipo === TIPO_EMPRESA.cliente;
}

/** `/empresa/{id}/{Tipo}/{emp}`: any short id; each type reads it as its own calls do (a contractor's in lower case). */
export const EmpresaPathSchema = v.object({
  company: v.string(),
  id: v.pipe(
    v.string(EMPRESAS_MESSAGES.notFound),
    v.trim(),
    v.nonEmpty(EMPRESAS_MESSAGES.notFound),
    v.maxLength(64, EMPRESAS_MESSAGES.notFound),
  ),
  Tipo: TipoEmpresaParamSchema,
});

/** One company of the directory; `Rut` as its own record stores it (a contractor's RutCompleto, a client's RutCliente). */
export const EmpresaAsociadaSchema = v.object({
  Id: v.string(),
  Tipo: v.picklist([TIPO_EMPRESA.contratista, TIPO_EMPRESA.cliente]),
  Nombre: v.string(),
  Rut: v.string(),
  Correo: v.string(),
  Telefono: v.string(),
  Direccion: v.string(),
  /** Spec: 1 active, 2 deactivated. */
  Estado: v.picklist([1, 2]),
  Logo: v.string(),
  /** It has a main account its users sign in with (its own record's Tipo 2). */
  ConCuenta: v.boolean(),
});
export type EmpresaAsociada = v.InferOutput<typeof EmpresaAsociadaSchema>;

/** A company of a contract, by RUT, with its name (the RUT itself when it is no longer a contractor company). */
export const EmpresaDeCadenaSchema = v.object({ Rut: v.string(), Nombre: v.string() });

/** A contract a contractor works in: as its contractor or as one of its subcontractors. */
export const ContratoDeEmpresaSchema = v.object({
  IdContrato: v.string(),
  Nombre: v.string(),
  Rol: v.picklist(['contratista', 'subcontratista']),
  FechaInicio: v.string(),
  FechaTermino: v.string(),
  Contratista: EmpresaDeCadenaSchema,
});

/** A chain of a contract, from its contractor down to a subcontractor with none below it (DS 76 register). */
export const CadenaSchema = v.object({ IdContrato: v.string(), Contrato: v.string(), Empresas: v.array(EmpresaDeCadenaSchema) });

export const EmpresaAsociadaDetalleSchema = v.object({
  ...EmpresaAsociadaSchema.entries,
  Contratos: v.array(ContratoDeEmpresaSchema),
  /** The chains the company is part of; a client has none. */
  Cadenas: v.array(CadenaSchema),
});
export type EmpresaAsociadaDetalle = v.InferOutput<typeof EmpresaAsociadaDetalleSchema>;
export type Cadena = v.InferOutput<typeof CadenaSchema>;

/** An economic activity as the directory's rubros list offers it. */
export const RubroSchema = v.object({ value: v.string(), label: v.string() });
