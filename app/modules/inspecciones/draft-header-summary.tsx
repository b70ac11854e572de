import { formatDisplayDate } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { Fragment } from 'react';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { useWorkersById } from '#app/data/worker-queries.ts';
import type { DraftHeader } from './draft-store.ts';
import '#app/ui/records.css';
import './draft-header-summary.css';

interface DraftHeaderSummaryProps {
  header: DraftHeader;
  /** The template's own header fields with their values as shown. */
  fields: { id: string; label: string; value: string }[];
  level2Label: string;
  level3Label: string;
  levels: LocalNivel[];
}

/** The header at a glance, above the checklist (the form opens with "Editar encabezado"). */
export function DraftHeaderSummary({ header, fields, level2Label, level3Label, levels }: DraftHeaderSummaryProps) {
  const workers = useWorkersById(header.Observados);
  const levelName = (id: string | null) => (id ? (levels.find((level) => level.IdNivel === id)?.Nombre ?? 'No disponible') : '—');
  const observed = header.Observados.map((id) => {
    const worker = workers?.get(id);
    return worker ? personName(worker) : '…';
  });
  const missing = <span className="insp-missing">Sin indicar</span>;

  return (
    <dl className="record-fields insp-header-summary">
      <dt>Fecha</dt>
      <dd>{formatDisplayDate(header.Fecha) || missing}</dd>
      <dt>Lugar</dt>
      <dd>{header.Lugar.trim() || missing}</dd>
      <dt>{level2Label}</dt>
      <dd>{levelName(header.IdNivel2)}</dd>
      <dt>{level3Label}</dt>
      <dd>{levelName(header.IdNivel3)}</dd>
      <dt>Supervisor</dt>
      <dd>{header.Supervisor.trim() || missing}</dd>
      <dt>Observados</dt>
      <dd>{[...observed, header.EquipoTrabajo.trim() && `Equipo ${header.EquipoTrabajo.trim()}`].filter(Boolean).join(', ') || missing}</dd>
      {header.RutContratista && (
        <>
          <dt>Contratista</dt>
          <dd>Rut {formatRut(header.RutContratista)}</dd>
        </>
      )}
      {fields.map((field) => (
        <Fragment key={field.id}>
          <dt>{field.label}</dt>
          <dd>{field.value || '—'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
