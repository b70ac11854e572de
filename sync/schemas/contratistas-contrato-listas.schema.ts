import * as v from 'valibot';
import { cleanRut, rutError, RUT_MESSAGES } from '../domain/rut.ts';
import { dataAnswer } from './answers.schema.ts';
import { NivelSchema } from './niveles.schema.ts';

/**
 * The contract form's lists (spec "Contracts": /contrato/listas/{subempresas|procesos|administradores|…}/{emp}), one
 * schema per answer: the server types its reads with them and /api/openapi.json documents them from the same ones.
 */
export const CONTRATO_LISTAS_MESSAGES = {
  subcontractorsInvalid: 'Las subcontratistas se indican como RUT válidos separados por coma',
  subcontractorsTooMany: 'Se pueden indicar hasta 50 subcontratistas',
} as const;

/** A RUT in the query, cleaned ("78.945.612-7" → "78945612-7"); '' when absent. */
const QueryRut = v.optional(
  v.pipe(
    v.string(RUT_MESSAGES.format),
    v.trim(),
    v.check((value) => value === '' || rutError(value) === null, RUT_MESSAGES.invalid),
    v.transform((value) => (value ? cleanRut(value) : '')),
  ),
  '',
);

/** RUTs separated by commas, cleaned and without repeats; [] when absent. */
const QueryRuts = v.optional(
  v.pipe(
    v.string(CONTRATO_LISTAS_MESSAGES.subcontractorsInvalid),
    v.transform((value) => value.split(',').map((rut) => rut.trim()).filter(Boolean)),
    v.check((ruts) => ruts.every((rut) => rutError(rut) === null), CONTRATO_LISTAS_MESSAGES.subcontractorsInvalid),
    v.maxLength(50, CONTRATO_LISTAS_MESSAGES.subcontractorsTooMany),
    v.transform((ruts) => [...new Set(ruts.map(cleanRut))]),
  ),
  '',
);

/** `?IdContratista=<RUT>`: the contract's contractor. */
export const ContractorQuerySchema = v.object({ IdContratista: QueryRut });

/** `?IdContratista=<RUT>&Subcontratistas=<RUT>,<RUT>`: the companies whose workers the contract may name. */
export const ContractWorkersQuerySchema = v.object({ IdContratista: QueryRut, Subcontratistas: QueryRuts });

/** A contractor company: its RUT with check digit (what a contract stores) and its name. */
export const ContractorOptionSchema = v.object({ Rut: v.string(), Nombre: v.string() });

/** A possible subcontractor; `YaSubcontratista` when a contract of the asked contractor already names it. */
export const SubcontractorOptionSchema = v.object({ ...ContractorOptionSchema.entries, YaSubcontratista: v.boolean() });

/** A person named by RUT and full name (a contract's administrator). */
export const PersonOptionSchema = v.object({ Rut: v.string(), Nombre: v.string() });

/** Who may answer for the contractor, and the contractor company they belong to. */
export const ResponsableOptionSchema = v.object({ ...PersonOptionSchema.entries, RutContratista: v.string() });

/** A worker a contract may name. */
export const ContractWorkerOptionSchema = v.object({
  IdPersona: v.string(),
  RunPersona: v.string(),
  Nombre: v.string(),
  RutContratista: v.string(),
});

/** A vehicle (its plate) or machine (its code and name) a contract may name. */
export const ContractAssetOptionSchema = v.object({ IdActivo: v.string(), Nombre: v.string(), RutContratista: v.string() });

/** A catalogue row (a process, an activity) as the requirement form's lists name them. */
export const CatalogueOptionSchema = v.object({ value: v.string(), label: v.string() });

export const SubempresasAnswer = dataAnswer(v.array(ContractorOptionSchema));
export const SubcontratistasAnswer = dataAnswer(v.array(SubcontractorOptionSchema));
export const AdministradoresAnswer = dataAnswer(v.array(PersonOptionSchema));
export const ResponsablesAnswer = dataAnswer(v.array(ResponsableOptionSchema));
export const ContractWorkersAnswer = dataAnswer(v.array(ContractWorkerOptionSchema));
export const ContractAssetsAnswer = dataAnswer(v.array(ContractAssetOptionSchema));
export const CatalogueOptionsAnswer = dataAnswer(v.array(CatalogueOptionSchema));

/** The contracts list's filters: the contractors and the worksites (levels 2) of the contracts the reader sees. */
export const ContratoFiltrosAnswer = dataAnswer(v.object({ contratistas: v.array(ContractorOptionSchema), nv2: v.array(NivelSchema) }));
