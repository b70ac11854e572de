import { formatDisplayDate } from '#sync/domain/dates.ts';
import { MOTIVOS_ENTREGA } from '#sync/domain/epp-delivery.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { paths } from '#app/navigation/paths.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import { OpenDrafts } from '#app/ui/drafts/open-drafts.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { useOpenCrewDrafts } from './epp-queries.ts';

/** Crew deliveries still being signed on this device, with a way back to each. */
function OpenCrews() {
  const drafts = useOpenCrewDrafts();
  return (
    <OpenDrafts
      title="Entregas en curso en este dispositivo"
      drafts={(drafts ?? []).map((draft) => ({
        id: draft.IdEntrega,
        title: draft.trabajadores.length === 1 ? draft.trabajadores[0]!.Nombre : `Cuadrilla de ${draft.trabajadores.length} trabajadores`,
        detail: `${draft.trabajadores.filter((worker) => worker.acta).length} de ${draft.trabajadores.length} firmaron · modificada ${formatRecentTime(new Date(draft.actualizadoEn))}`,
        href: paths.eppEntregados.editar.href(draft.IdEntrega),
      }))}
    />
  );
}

/** The actas on the list kit: one per worker, the newest first, annulled ones marked; never deleted from the list. */
const actasView: RecordView<'epp_entregas'> = {
  table: 'epp_entregas',
  routes: paths.eppEntregados,
  title: 'Entregas de EPP',
  listLabel: 'Actas de entrega de EPP',
  labels: { create: 'Nueva entrega', newTitle: 'Nueva entrega de EPP', editTitle: '', correctTitle: '', data: 'Datos de la entrega' },
  order: (a, b) => b.Fecha.localeCompare(a.Fecha) || b.FirmadoEn.localeCompare(a.FirmadoEn),
  deletable: false,
  fields: [
    { name: 'NombreTrabajador', label: 'Trabajador', inList: false },
    { name: 'RunPersona', label: 'RUT', show: (acta) => formatRut(acta.RunPersona), inList: false },
    { name: 'Fecha', label: 'Fecha de entrega', show: (acta) => formatDisplayDate(acta.Fecha) },
    { name: 'Motivo', label: 'Motivo', show: (acta) => MOTIVOS_ENTREGA[acta.Motivo] },
    { name: 'Items', label: 'EPP', show: (acta) => (acta.Items.length === 1 ? '1 EPP' : `${acta.Items.length} EPP`) },
    { name: 'Items', label: 'Elementos', show: (acta) => acta.Items.map((item) => item.NombreEpp).join(', '), inList: false },
    { name: 'Anulada', label: 'Estado', show: (acta) => (acta.Anulada === 1 ? 'Anulada' : 'Vigente'), inList: false },
  ],
  badge: (acta) => acta.Anulada === 1 && <> <span className="badge badge--error">Anulada</span></>,
};

/** `/epp/entregados`: every acta on this device, and the crews still being signed. */
export function EppEntregasListPage() {
  return (
    <RecordListPage view={actasView}>
      <OpenCrews />
    </RecordListPage>
  );
}
