import type { Incidente } from '#sync/schemas/incidentes.schema.ts';
import type { IncidentesQuery } from '#sync/schemas/incidentes-query.schema.ts';
import type { MedidaControl } from '#sync/schemas/medidas-control.schema.ts';
import { incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import { medidaControlEntity } from '#sync/schemas/medidas-control.schema.ts';

/** The cases list's filters over the rows the viewer may see, newest accident first. */
export function filteredIncidents(rows: readonly Incidente[], query: IncidentesQuery): Incidente[] {
  return rows
    .filter(
      (row) =>
        (!query.desde || row.FechaOcurrencia >= query.desde) &&
        (!query.hasta || row.FechaOcurrencia <= query.hasta) &&
        (!query.Clasificacion || row.Clasificacion === query.Clasificacion) &&
        (!query.Estado || row.Estado === Number(query.Estado)) &&
        (!query.nv2 || row.IdNivel2 === query.nv2) &&
        (!query.nv3 || row.IdNivel3 === query.nv3),
    )
    .sort(
      (a, b) =>
        b.FechaOcurrencia.localeCompare(a.FechaOcurrencia) ||
        b.HoraOcurrencia.localeCompare(a.HoraOcurrencia) ||
        a.IdEvaluacion.localeCompare(b.IdEvaluacion),
    );
}

/** Every file of a case and of its measures' cycles, each hash once. */
export function incidentFiles(row: Incidente, measures: readonly MedidaControl[]): string[] {
  const refs = [...incidenteEntity.files!(row), ...measures.flatMap((measure) => medidaControlEntity.files!(measure))];
  return [...new Set(refs.map((ref) => ref.Sha256))];
}
