import { type ContenidoFormulario, statementsOf } from '#sync/schemas/formularios.schema.ts';
import type { RespuestaEnunciado } from '#sync/schemas/inspecciones.schema.ts';
import { stringsOf } from '#server/db/json-strings.ts';
import { scopeConditions } from '#server/records/dashboard-scope.ts';
import { scopedFigures } from '#server/records/indicators/indicator-input.ts';
import { type EppInput, type Finding, type WorkerInfo } from './dashboard-datos.ts';
import { eppState } from './dashboard-estado.ts';

/** The findings of non-use in [from..to] of the scope (and of one kind of template, when `Tipo` is given). */
async function computeFindings(input: EppInput, from: string, to: string, workers: Map<string, WorkerInfo>): Promise<Finding[]> {
  const { db } = input.deps;
  const { company } = input.scope;
  let query = db
    .selectFrom('evaluaciones')
    .select([
      'IdEvaluacion',
      'IdFormulario',
      'VersionFormulario',
      'NombreFormulario',
      'Tipo',
      'Fecha',
      'IdNivel2',
      'IdNivel3',
      'Observados',
      'Respuestas',
    ])
    .where('IdEmpresa', '=', company)
    .where('Estado', '<>', 0)
    .where('Fecha', '>=', from)
    .where('Fecha', '<=', `${to}\uffff`);
  for (const [column, value] of scopeConditions(input.scope)) query = query.where(column, '=', value);
  if (input.query.Tipo) query = query.where('Tipo', '=', input.query.Tipo);
  const inspections = await query.orderBy('Fecha').orderBy('IdEvaluacion').execute();
  if (inspections.length === 0) return [];
  // Only the template versions with a statement linked to an item matter; each version is read once.
  const versions = await db
    .selectFrom('formulario_versiones')
    .select(['IdFormulario', 'VersionFormulario', 'Contenido'])
    .where('IdEmpresa', '=', company)
    .where('Contenido', 'like', '%"IdEpp"%')
    .execute();
  const links = new Map<string, Map<string, { IdEpp: string; Texto: string }>>();
  for (const version of versions) {
    const linked = new Map<string, { IdEpp: string; Texto: string }>();
    for (const statement of statementsOf(JSON.parse(version.Contenido) as ContenidoFormulario))
      if (statement.IdEpp) linked.set(statement.IdEnunciado, { IdEpp: statement.IdEpp, Texto: statement.Texto });
    if (linked.size > 0) links.set(`${version.IdFormulario}\u0000${version.VersionFormulario}`, linked);
  }
  const findings: Finding[] = [];
  for (const inspection of inspections) {
    const linked = links.get(`${inspection.IdFormulario}\u0000${inspection.VersionFormulario}`);
    if (!linked) continue;
    const observed = stringsOf(inspection.Observados);
    // With a Cargo chosen, a finding counts when the inspection observed a worker of that position.
    if (input.query.IdCargo && !observed.some((id) => workers.get(id)?.cargos.includes(input.query.IdCargo!))) continue;
    for (const answer of JSON.parse(inspection.Respuestas) as RespuestaEnunciado[]) {
      const link = answer.Respuesta === 2 ? linked.get(answer.IdEnunciado) : undefined;
      if (!link) continue;
      findings.push({
        Clave: `${inspection.IdEvaluacion}:${answer.IdEnunciado}`,
        IdEvaluacion: inspection.IdEvaluacion,
        Fecha: inspection.Fecha.slice(0, 10),
        Tipo: inspection.Tipo,
        NombreFormulario: inspection.NombreFormulario,
        IdNivel2: inspection.IdNivel2,
        IdNivel3: inspection.IdNivel3,
        IdEpp: link.IdEpp,
        Enunciado: link.Texto,
        Observados: observed,
      });
    }
  }
  return findings;
}

/** The findings of [from..to] (the dashboard's range unless given), with the state whose workers they were matched on. */
export async function findingsOf(input: EppInput, from = input.scope.filters.start, to = input.scope.filters.end) {
  const state = await eppState(input);
  const key = ['epp-no-uso', from, to, input.query.IdCargo ?? '', input.query.Tipo ?? ''];
  const findings = await scopedFigures(input, key, () => computeFindings(input, from, to, state.workers));
  return { findings, state };
}
