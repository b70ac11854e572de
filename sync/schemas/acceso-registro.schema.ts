import * as v from 'valibot';
import { formatDisplayDate } from '../domain/dates.ts';
import { formatRut } from '../domain/rut.ts';
import type { ReportColumn } from '../records/report-list-columns.ts';
import { REPORT_FILTER_MESSAGES, type ReportFilter, type ReportQuery, reportQuerySchema } from '../records/report-list.ts';

/**
 * GET /api/control-acceso/registro-ds76/{company}?IdNivel2= (issue 39): the register DS 76 asks the mandante to keep
 * of each worksite, one row per contractor or subcontractor company working there, printable and exported to CSV.
 */
export const REGISTRO_DS76_MESSAGES = {
  levelInvalid: 'La faena indicada no es válida',
  levelRequired: 'Elige la faena del registro',
  termInvalid: 'La vigencia indicada no es válida',
  ...REPORT_FILTER_MESSAGES,
} as const;

/**
 * Which contracts the register reads: those not yet ended (FechaTermino today or later, including those about to
 * start) or those ended; none chosen, every contract of the worksite that was not deleted.
 */
export const VIGENCIAS_DS76 = { vigentes: 'Vigentes', terminados: 'Terminados' } as const;
export type VigenciaDs76 = keyof typeof VIGENCIAS_DS76;

export const REGISTRO_DS76_FILTERS = [
  { kind: 'level', name: 'IdNivel2', level: 2, message: REGISTRO_DS76_MESSAGES.levelInvalid },
  { kind: 'choice', name: 'Vigencia', label: 'Contratos', choices: VIGENCIAS_DS76, message: REGISTRO_DS76_MESSAGES.termInvalid, emptyLabel: 'Todos' },
] as const satisfies readonly ReportFilter[];

export type RegistroDs76Query = ReportQuery<typeof REGISTRO_DS76_FILTERS>;

/** The register is of one worksite: without it the call is refused, not answered with every worksite. */
export const RegistroDs76QuerySchema = v.pipe(
  reportQuerySchema(REGISTRO_DS76_FILTERS),
  v.check((query) => query.IdNivel2 !== '', REGISTRO_DS76_MESSAGES.levelRequired),
);

/** How many months back the accidents column counts, up to today. */
export const DS76_ACCIDENT_MONTHS = 12;

/** What a risk evaluation column says until the risk matrix (a later issue) keeps evaluations. */
export const DS76_RISK_NOTE = 'Disponible con la matriz de riesgos';

const ContratoDs76Schema = v.object({ IdContrato: v.string(), Nombre: v.string(), FechaInicio: v.string(), FechaTermino: v.string() });

export const RegistroDs76RowSchema = v.object({
  /** The company, its role and whom it works for: a company may be a contractor in one contract and a subcontractor in another. */
  Clave: v.string(),
  RutEmpresa: v.string(),
  /** Its name as the company keeps it; its RUT when it is no longer a contractor company of the company. */
  NombreEmpresa: v.string(),
  Tipo: v.picklist(['contratista', 'subcontratista']),
  /** A subcontractor's principal (the contract's `Ascendencias`, or its contractor); '' for a contractor. */
  RutPrincipal: v.string(),
  /** The company's mutual (organismo administrador, Ley 16.744): contractor companies do not keep it yet, so null. */
  Mutualidad: v.nullable(v.string()),
  /**
   * The person in charge: for a contractor, the contracts' `NombreResponsable` and `RutResponsable`; a subcontractor's
   * is not kept (''). The contact is the company's phone and e-mail.
   */
  Responsable: v.object({ Nombre: v.string(), Rut: v.string(), Telefono: v.string(), Correo: v.string() }),
  /** The contracts at the worksite in which the company has this role, by name. */
  Contratos: v.array(ContratoDs76Schema),
  /**
   * The company's workers assigned to those contracts at the worksite: distinct people with an accreditation row
   * (one per worker, contract and worksite, kept by the server) of those contracts there, accredited or not.
   */
  Trabajadores: v.number(),
  /** Of them, those accredited today (accreditedOn). */
  TrabajadoresAcreditados: v.number(),
  /**
   * Work accidents at the worksite in the last 12 months up to today: cases (not deleted) carrying the company's RUT
   * (a case of a contractor's worker carries its contractor's, SPEC IC6) classified with or without lost time or
   * fatal. Near misses, material damage only and commuting accidents are not counted.
   */
  Accidentes: v.number(),
  /** Risk evaluations of the company at the worksite: null until the risk matrix keeps them. */
  EvaluacionesRiesgo: v.nullable(v.number()),
});
export type RegistroDs76Row = v.InferOutput<typeof RegistroDs76RowSchema>;

export const TIPOS_EMPRESA_DS76: Record<RegistroDs76Row['Tipo'], string> = { contratista: 'Contratista', subcontratista: 'Subcontratista' };

const contractText = (contract: v.InferOutput<typeof ContratoDs76Schema>) =>
  `${contract.Nombre} (${formatDisplayDate(contract.FechaInicio)} – ${formatDisplayDate(contract.FechaTermino)})`;

/** The person in charge and how to reach the company, as one cell. */
function responsableText({ Nombre, Rut, Telefono, Correo }: RegistroDs76Row['Responsable']): string {
  const person = Nombre ? `${Nombre}${Rut ? ` (RUT ${formatRut(Rut)})` : ''}` : 'Sin responsable registrado';
  return [person, Telefono, Correo].filter(Boolean).join(' · ');
}

/** The register's columns, the same on screen, printed and in the CSV. */
export const REGISTRO_DS76_COLUMNS: readonly ReportColumn<RegistroDs76Row>[] = [
  { header: 'RUT', value: (row) => row.RutEmpresa, format: 'rut' },
  { header: 'Empresa', value: (row) => row.NombreEmpresa, wrap: true },
  { header: 'Tipo', value: (row) => TIPOS_EMPRESA_DS76[row.Tipo] },
  { header: 'Trabaja para', value: (row) => row.RutPrincipal, format: 'rut', empty: '—' },
  { header: 'Mutualidad', value: (row) => row.Mutualidad, empty: '—' },
  { header: 'Responsable', value: (row) => responsableText(row.Responsable), wrap: true },
  { header: 'Contratos', value: (row) => row.Contratos.map(contractText).join('; '), wrap: true },
  { header: 'Trabajadores', value: (row) => row.Trabajadores, format: 'number' },
  { header: 'Acreditados hoy', value: (row) => row.TrabajadoresAcreditados, format: 'number' },
  { header: `Accidentes (${DS76_ACCIDENT_MONTHS} meses)`, value: (row) => row.Accidentes, format: 'number' },
  { header: 'Evaluaciones de riesgo', value: (row) => row.EvaluacionesRiesgo, format: 'number', empty: '—' },
];
