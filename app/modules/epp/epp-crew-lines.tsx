import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useId } from 'react';
import type { CrewWorker } from '#app/db/epp-delivery-draft.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { type SizedLinePatch, SizedLinesEditor } from '#app/ui/form/sized-lines-editor.tsx';
import { linesProblem } from './epp-crew-store.ts';
import type { LocalEppTipo } from './epp-queries.ts';

export interface LineActions {
  setLine: (personaId: string, lineId: string, patch: SizedLinePatch) => void;
  addLine: (personaId: string, tipo: LocalEppTipo) => void;
  removeLine: (personaId: string, lineId: string) => void;
  removeWorker: (personaId: string) => void;
}

/**
 * One worker's lines: the EPP proposed from their assignment, each with its size and quantity, editable until they
 * sign; after that, their sealed acta's lines as they are. What the lines still lack (every line without its size)
 * is said beside them from the start, not after the worker signs.
 */
export function WorkerLines({
  worker,
  tipoById,
  tipos,
  actions,
}: {
  worker: CrewWorker;
  tipoById: ReadonlyMap<string, LocalEppTipo>;
  tipos: LocalEppTipo[];
  actions: LineActions;
}) {
  const titleId = useId();
  const signed = worker.acta !== null;
  const problem = signed ? null : linesProblem(worker, tipoById);
  const person = worker.IdPersona;
  return (
    <section className="epp-crew-worker" aria-labelledby={titleId}>
      <div className="epp-crew-worker__head">
        <h3 id={titleId}>
          {worker.Nombre} <span className="muted">· {formatRut(worker.RunPersona)}</span>
        </h3>
        {signed ? (
          <span className="badge">Firmó {formatDisplayDateTime(new Date(worker.acta!.FirmadoEn))}</span>
        ) : (
          <IonButton fill="clear" color="dark" size="small" onClick={() => actions.removeWorker(person)}>
            Quitar de la entrega<span className="visually-hidden"> a {worker.Nombre}</span>
          </IonButton>
        )}
      </div>
      <SizedLinesEditor
        owner={worker.Nombre}
        noun="EPP"
        lines={worker.items}
        nameOf={(line) => line.NombreEpp}
        sizesOf={(line) => tipoById.get(line.IdEpp)?.Tallas ?? []}
        empty="Sin EPP: agrega lo que recibe."
        {...(!signed && {
          onChange: (lineId, patch) => actions.setLine(person, lineId, patch),
          onRemove: (lineId) => actions.removeLine(person, lineId),
          add: {
            items: tipos.map((tipo) => ({ id: tipo.IdEpp, name: tipo.NombreEpp })),
            onAdd: (id) => actions.addLine(person, tipoById.get(id)!),
          },
        })}
        note={problem && <p className="notice notice--warning epp-crew-missing">{problem}</p>}
      />
    </section>
  );
}
