import { formatRut } from '#sync/domain/rut.ts';
import type { EppConsulta } from '#sync/schemas/epp-consultas.schema.ts';
import { useCargos } from '#app/data/reference-queries.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { ReportListPage } from '#app/ui/report-list/report-list-page.tsx';
import { consultaList } from './epp-consultas-view.ts';

/** The contractors the device's workers belong to (a company user may narrow a consulta to one), in order. */
function useContractorRuts(): string[] {
  const ruts = useDbQuery((db) => db.trabajadores.orderBy('RutContratista').uniqueKeys(), []);
  return (ruts ?? []).filter((rut): rut is string => typeof rut === 'string' && rut !== '');
}

/** An EPP consulta (spec 2.3 epp/consultas/{nombre}): a report list filtered by the worker's levels, position and contractor. */
export function EppConsultaPage<K extends EppConsulta>({ kind }: { kind: K }) {
  const list = consultaList(kind);
  const cargos = useCargos();
  const contractors = useContractorRuts();
  const options = {
    IdCargo: (cargos ?? []).map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo })),
    RutContratista: contractors.map((rut) => ({ value: rut, label: `RUT ${formatRut(rut)}` })),
  };
  return (
    <ReportListPage
      list={list}
      path={`/epp/consultas/${kind}`}
      filtersId={`consulta-${kind}-filtros`}
      options={options}
      rowLink={list.rowLink}
      offline="La consulta se hace al servidor: vuelve a intentarlo con conexión."
    />
  );
}
