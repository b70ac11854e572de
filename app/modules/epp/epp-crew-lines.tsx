import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import type { CrewWorker } from '#app/db/epp-delivery-draft.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { ScrollTable } from '#app/ui/scroll-table.tsx';
import { linesProblem } from './epp-crew-store.ts';
import type { LocalEppTipo } from './epp-queries.ts';

export interface LineActions {
  setLine: (personaId: string, lineId: string, patch: { Talla?: string; Cantidad?: number }) => void;
  addLine: (personaId: string, tipo: LocalEppTipo) => void;
  removeLine: (personaId: string, lineId: string) => void;
  removeWorker: (personaId: string) => void;
}

function AddItem({ worker, tipos, onAdd }: { worker: CrewWorker; tipos: LocalEppTipo[]; onAdd: (tipo: LocalEppTipo) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const tipo = tipos.find((candidate) => candidate.IdEpp === chosen);
  return (
    <div className="epp-crew-add">
      <div className="select-field">
        <label htmlFor={id}>Agregar EPP a {worker.Nombre}</label>
        <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Elige un EPP…</option>
          {tipos.map((candidate) => (
            <option key={candidate.IdEpp} value={candidate.IdEpp}>
              {candidate.NombreEpp}
            </option>
          ))}
        </select>
      </div>
      <IonButton
        fill="outline"
        color="dark"
        disabled={!tipo}
        onClick={() => {
          if (tipo) onAdd(tipo);
          setChosen('');
        }}
      >
        Agregar
      </IonButton>
    </div>
  );
}

/**
 * One worker's lines: the EPP proposed from their assignment, each with its size and quantity, editable until they
 * sign; after that, their sealed acta's lines as they are. What the lines still lack (every line without its size)
 * is said beside them from the start, not after the worker signs. On a phone the table scrolls sideways.
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
  return (
    <section className="epp-crew-worker" aria-labelledby={titleId}>
      <div className="epp-crew-worker__head">
        <h3 id={titleId}>
          {worker.Nombre} <span className="muted">· {formatRut(worker.RunPersona)}</span>
        </h3>
        {signed ? (
          <span className="badge">Firmó {formatDisplayDateTime(new Date(worker.acta!.FirmadoEn))}</span>
        ) : (
          <IonButton fill="clear" color="dark" size="small" onClick={() => actions.removeWorker(worker.IdPersona)}>
            Quitar de la entrega<span className="visually-hidden"> a {worker.Nombre}</span>
          </IonButton>
        )}
      </div>
      {worker.items.length === 0 ? (
        <p className="muted">Sin EPP: agrega lo que recibe.</p>
      ) : (
        <ScrollTable label={`EPP de ${worker.Nombre}`} className="record-table epp-crew-lines">
          <thead>
            <tr>
              <th scope="col">EPP</th>
              <th scope="col">Talla</th>
              <th scope="col">Cantidad</th>
              {!signed && <th scope="col">Quitar</th>}
            </tr>
          </thead>
          <tbody>
            {worker.items.map((line) => {
              const sizes = tipoById.get(line.IdEpp)?.Tallas ?? [];
              const whose = `${line.NombreEpp} para ${worker.Nombre}`;
              return (
                <tr key={line.IdLinea}>
                  <td>{line.NombreEpp}</td>
                  <td>
                    {signed || sizes.length === 0 ? (
                      line.Talla || 'Única'
                    ) : (
                      <select
                        aria-label={`Talla de ${whose}`}
                        value={line.Talla}
                        onChange={(event) => actions.setLine(worker.IdPersona, line.IdLinea, { Talla: event.target.value })}
                      >
                        <option value="">Elige talla…</option>
                        {sizes.map((size) => (
                          <option key={size} value={size}>
                            {size}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  <td>
                    {signed ? (
                      line.Cantidad
                    ) : (
                      <input
                        className="epp-crew-quantity"
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={99}
                        aria-label={`Cantidad de ${whose}`}
                        value={line.Cantidad}
                        onChange={(event) => {
                          const quantity = Number(event.target.value);
                          if (Number.isInteger(quantity) && quantity >= 1 && quantity <= 99)
                            actions.setLine(worker.IdPersona, line.IdLinea, { Cantidad: quantity });
                        }}
                      />
                    )}
                  </td>
                  {!signed && (
                    <td>
                      <IonButton
                        fill="clear"
                        color="danger"
                        size="small"
                        onClick={() => actions.removeLine(worker.IdPersona, line.IdLinea)}
                      >
                        Quitar<span className="visually-hidden"> {whose}</span>
                      </IonButton>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      {problem && <p className="notice notice--warning epp-crew-missing">{problem}</p>}
      {!signed && <AddItem worker={worker} tipos={tipos} onAdd={(tipo) => actions.addLine(worker.IdPersona, tipo)} />}
    </section>
  );
}
