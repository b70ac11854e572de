import { contractWorksites, type Resource, worksitesOf } from '#sync/domain/contract-activities.ts';
import { inForce } from '#sync/domain/accreditation.ts';
import { formatDisplayDate, formatDisplayMonth } from '#sync/domain/dates.ts';
import { indicatorOf } from '#sync/records/indicator.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import type { Aplicacion } from '#sync/schemas/contratistas-requisitos.schema.ts';
import { CONTRATISTAS_DASHBOARD, type ContratistasRecordsQuery, type DocumentoRecord } from '#sync/schemas/contratistas-dashboard.schema.ts';
import { documentoRequisitoWorkflow } from '#sync/schemas/contratistas-documentos.workflow.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { countBy, indicatorAnswer, percent, sum } from '#server/records/indicators/indicator-figures.ts';
import type { IndicatorInput } from '#server/records/indicators/indicator-input.ts';
import { byName, type ContratistasInput, contractorName, cutOffDay, dashboardFacts, dashboardFigures } from './dashboard-alcance.ts';

/**
 * Cumplimiento: of the mandatory documents asked of each contractor company (its own, its contracts' and its
 * workers'), the share in force on the cut-off day. The state is the document's as stored today: a past cut-off
 * reads which documents were approved then by their due date, not a rejection or approval that came later.
 */

const COLUMNS = [
  'IdDocumento',
  'IdRequisito',
  'NombreRequisito',
  'Aplicacion',
  'RutContratista',
  'IdContrato',
  'IdPersona',
  'NombrePersona',
  'IdActivo',
  'NombreActivo',
  'Mes',
  'EstadoDocumento',
  'FechaVencimiento',
] as const;

/** What the figure reads of a document (COLUMNS). */
interface AskedDocument {
  IdDocumento: string;
  IdRequisito: string;
  NombreRequisito: string;
  Aplicacion: Aplicacion;
  RutContratista: string;
  IdContrato: string | null;
  IdPersona: string | null;
  NombrePersona: string;
  IdActivo: string | null;
  NombreActivo: string;
  Mes: string;
  EstadoDocumento: 'pendiente' | 'subido' | 'en_revision' | 'aprobado' | 'rechazado';
  FechaVencimiento: string;
}

/** The contract's list a document of each kind is about, and the document's field that names the member. */
const MEMBERS: Partial<Record<Aplicacion, { resource: Resource; about: 'IdPersona' | 'IdActivo' }>> = {
  trabajador: { resource: 'Trabajadores', about: 'IdPersona' },
  vehiculo: { resource: 'Vehiculos', about: 'IdActivo' },
  equipo: { resource: 'Equipos', about: 'IdActivo' },
};

/**
 * Whether the contract asks the document: one of its requirements, of its contractor or subcontractors, itself, or
 * its workers, vehicles or machines.
 */
function askedBy(contract: Contrato, doc: AskedDocument): boolean {
  if (!contract.Requisitos.includes(doc.IdRequisito)) return false;
  if (doc.Aplicacion === 'contrato') return doc.IdContrato === contract.IdContrato;
  const member = MEMBERS[doc.Aplicacion];
  if (member) return doc[member.about] !== null && contract[member.resource].includes(doc[member.about]!);
  return doc.RutContratista === contract.RutContratista || contract.Subcontratistas.includes(doc.RutContratista);
}

/** The live mandatory documents asked of the scope's contractors on the cut-off day (of a monthly requirement, its month's). */
async function computeAsked(input: ContratistasInput, corte: string): Promise<AskedDocument[]> {
  const facts = await dashboardFacts(input);
  // Contracts name no client: a client user sees no contractor's documents.
  if (input.viewer.kind === 'cliente') return [];
  let query = input.deps.db
    .selectFrom('documentos_requisito')
    .select([...COLUMNS])
    .where('IdEmpresa', '=', input.scope.company)
    .where('Estado', '=', 1)
    .where('Obligatorio', '=', 1)
    .where((eb) => eb.or([eb('Mes', '=', ''), eb('Mes', '=', corte.slice(0, 7))]));
  if (facts.ruts) query = query.where('RutContratista', 'in', facts.ruts);
  const rows = await query.orderBy('NombreRequisito').orderBy('NombrePersona').orderBy('Mes').orderBy('IdDocumento').execute();
  const { nv2 } = input.scope.filters;
  if (!nv2) return rows;
  // A worker's, vehicle's or machine's document counts at the worksites of its activities; the others, at any of the contract's.
  const atWorksite = (contract: Contrato, doc: AskedDocument) => {
    const member = MEMBERS[doc.Aplicacion];
    return (member ? worksitesOf(contract, member.resource, doc[member.about]!) : contractWorksites(contract)).includes(nv2);
  };
  return rows.filter((doc) => facts.contracts.some((contract) => askedBy(contract, doc) && atWorksite(contract, doc)));
}

const askedDocuments = (input: ContratistasInput, corte: string) =>
  dashboardFigures(input, ['contratistas-documentos', corte], () => computeAsked(input, corte));

/** What the level and client filters do not narrow, said with the chart. */
function avisos(input: ContratistasInput): string[] {
  const notes: string[] = [];
  if (input.viewer.kind === 'cliente') notes.push('Los documentos de requisitos de las contratistas no se muestran a un usuario de cliente');
  else if (input.scope.client) notes.push('Los documentos de requisitos no se filtran por cliente: los contratos no lo indican');
  if (input.scope.filters.nv3) notes.push('Los documentos de requisitos no se filtran por nivel 3: un contrato indica solo su faena (nivel 2)');
  return notes;
}

const formula = indicatorOf(CONTRATISTAS_DASHBOARD, 'cumplimiento').formula!;

export async function cumplimiento(input: ContratistasInput): Promise<DashboardAnswer> {
  const corte = cutOffDay(input);
  const [facts, docs] = await Promise.all([dashboardFacts(input), askedDocuments(input, corte)]);
  const asked = countBy(docs.map((doc) => doc.RutContratista));
  const held = countBy(docs.filter((doc) => inForce(doc, corte)).map((doc) => doc.RutContratista));
  const data = [...asked]
    .map(([rut, total]) => ({
      Nombre: contractorName(facts, rut),
      Valor: percent(held.get(rut) ?? 0, total),
      registros: { Contratista: rut },
    }))
    .sort(byName);
  const inForceCount = sum(held.values());
  const notes = avisos(input);
  return indicatorAnswer(percent(inForceCount, docs.length), '%', data, {
    formula: `${formula}: ${inForceCount} de ${docs.length}. Día de corte: ${formatDisplayDate(corte)}`,
    ...(notes.length > 0 ? { avisos: notes } : {}),
  });
}

const STATE_NAMES = new Map<string, string>(documentoRequisitoWorkflow.states.map((state) => [state.value, state.name]));

/** A document's state on the cut-off day: in force, expired, or where its follow-up stands. */
function stateOn(doc: AskedDocument, corte: string): string {
  if (inForce(doc, corte)) return 'Vigente';
  if (doc.EstadoDocumento === 'aprobado') return 'Vencido';
  return STATE_NAMES.get(doc.EstadoDocumento) ?? doc.EstadoDocumento;
}

/** The documents behind a contractor's bar (or all of them), with their state on the cut-off day. */
export async function documentRecords(input: IndicatorInput<ContratistasRecordsQuery>) {
  const corte = cutOffDay(input, input.query.hasta || input.scope.filters.end);
  const [facts, docs] = await Promise.all([dashboardFacts(input), askedDocuments(input, corte)]);
  const records = docs
    .filter((doc) => !input.query.Contratista || doc.RutContratista === input.query.Contratista)
    .map(
      (doc): DocumentoRecord => ({
        Tipo: 'documento',
        Clave: doc.IdDocumento,
        Requisito: doc.Mes ? `${doc.NombreRequisito} (${formatDisplayMonth(doc.Mes)})` : doc.NombreRequisito,
        RutContratista: doc.RutContratista,
        Contratista: contractorName(facts, doc.RutContratista),
        Trabajador: doc.NombrePersona || doc.NombreActivo,
        Estado: stateOn(doc, corte),
        Vence: doc.EstadoDocumento === 'aprobado' ? doc.FechaVencimiento : '',
      }),
    );
  return { records, subject: ` al ${formatDisplayDate(corte)}` };
}
