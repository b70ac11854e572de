import { formatDisplayDate } from '#sync/domain/dates.ts';
import { MOTIVOS_ENTREGA } from '#sync/domain/epp-delivery.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { fold } from '#app/db/reference-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import { ListPage } from '#app/ui/list-page.tsx';
import { OpenDrafts } from '#app/ui/drafts/open-drafts.tsx';
import { useActas, useOpenCrewDrafts } from './epp-queries.ts';
import '#app/ui/records/record-list.css';

const ROW_HEIGHT = 64;

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

/** `/epp/entregados`: every acta on this device (one per worker, annulled ones marked), and the crews still being signed. */
export function EppEntregasListPage() {
  const session = useRequiredSession();
  const actas = useActas();
  const queued = useQueuedRecordKeys();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    if (!actas) return undefined;
    const words = fold(search).split(/\s+/).filter(Boolean);
    if (words.length === 0) return actas;
    return actas.filter((acta) => {
      const text = fold(`${acta.NombreTrabajador} ${acta.RunPersona.replace(/[.-]/g, '')} ${formatRut(acta.RunPersona)} ${acta.Items.map((item) => item.NombreEpp).join(' ')}`);
      return words.every((word) => text.includes(word));
    });
  }, [actas, search]);
  const onRange = useCallback(() => undefined, []);
  const canCreate = hasPermission(session, paths.eppEntregados.list.href, 'crear');

  const renderRow = (index: number) => {
    const acta = shown![index]!;
    const pending = queued?.has(recordKeyOf('epp_entregas', acta.IdEntregadosEpp));
    return (
      <Link className="list-row record-row__link" to={paths.eppEntregados.detalles.href(acta.IdEntregadosEpp)}>
        <span className="simple-list__main">
          {acta.NombreTrabajador} ({formatRut(acta.RunPersona)})
        </span>{' '}
        <span className="simple-list__meta">
          {formatDisplayDate(acta.Fecha)} · {MOTIVOS_ENTREGA[acta.Motivo]} · {acta.Items.length === 1 ? '1 EPP' : `${acta.Items.length} EPP`}
          {acta.Anulada === 1 && (
            <>
              {' '}
              <span className="badge badge--error">Anulada</span>
            </>
          )}
          {pending && (
            <>
              {' '}
              <span className="badge badge--pending">Pendiente</span>
            </>
          )}
        </span>
      </Link>
    );
  };

  return (
    <ListPage
      title="Entregas de EPP"
      create={canCreate ? { href: paths.eppEntregados.nuevo.href, label: 'Nueva entrega' } : undefined}
      noun={{ one: 'acta de entrega', many: 'actas de entrega' }}
      ids={shown?.map((acta) => acta.IdEntregadosEpp)}
      filtered={search.trim() !== ''}
      noMatchMessage="Ninguna acta coincide con la búsqueda."
      onClearFilters={() => setSearch('')}
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      onRange={onRange}
      listLabel="Actas de entrega de EPP"
    >
      <OpenCrews />
      <div className="record-list__tools">
        <label className="list-page__search">
          <span>Buscar</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Trabajador, RUT o EPP" />
        </label>
      </div>
    </ListPage>
  );
}
