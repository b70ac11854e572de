import { toWireDate } from '#sync/domain/dates.ts';
import type { Despacho } from '#sync/schemas/epp-solicitudes.schema.ts';
import { eppSolicitudWorkflow } from '#sync/schemas/epp-solicitudes.workflow.ts';
import { IonButton } from '@ionic/react';
import { useEffect, useId, useRef, useState } from 'react';
import { transitionProblem } from '#app/records/workflow-writes.ts';
import { DateField } from '#app/ui/form/date-field.tsx';

interface DispatchDialogProps {
  count: number;
  /** Who dispatches by default: the signed-in user's name and RUT. */
  dispatcher: { Nombre: string; Rut: string };
  onDispatch: (despacho: Despacho) => Promise<void>;
  onClose: () => void;
}

/** The office's dispatch of one or several pending requests: code, date, and the dispatcher's RUT and name. */
export function DispatchDialog({ count, dispatcher, onDispatch, onClose }: DispatchDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [codigo, setCodigo] = useState('');
  const [fecha, setFecha] = useState(toWireDate(new Date()));
  const [rut, setRut] = useState(dispatcher.Rut);
  const [nombre, setNombre] = useState(dispatcher.Nombre);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A native modal dialog: the browser traps focus, names it and closes it with Escape.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const submit = async () => {
    const [body = '', dv = ''] = rut.replace(/[.\s]/g, '').toUpperCase().split('-');
    const despacho = {
      CodigoDespacho: codigo,
      FechaDespacho: fecha,
      RutDespachador: body,
      DvDespachador: dv,
      NombreDespachador: nombre,
    } as Despacho;
    const problem =
      transitionProblem(eppSolicitudWorkflow, 'despachar', despacho) ??
      (body && dv && !/^\d{7,8}$/.test(body) ? 'El RUT de quien despacha no es válido' : null);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      await onDispatch(despacho);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible despachar en este dispositivo');
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialog} className="epp-dispatch" aria-labelledby={`${id}-title`} onCancel={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`}>{count === 1 ? 'Despachar 1 solicitud' : `Despachar ${count} solicitudes`}</h2>
        <div className="select-field">
          <label htmlFor={`${id}-codigo`}>Código de despacho*</label>
          <input id={`${id}-codigo`} value={codigo} onChange={(event) => setCodigo(event.target.value)} autoComplete="off" />
        </div>
        <DateField label="Fecha de despacho*" value={fecha} onChange={setFecha} required />
        <div className="select-field">
          <label htmlFor={`${id}-rut`}>RUT de quien despacha*</label>
          <input
            id={`${id}-rut`}
            value={rut}
            onChange={(event) => setRut(event.target.value)}
            placeholder="12.345.678-5"
            autoComplete="off"
          />
        </div>
        <div className="select-field">
          <label htmlFor={`${id}-nombre`}>Nombre de quien despacha*</label>
          <input id={`${id}-nombre`} value={nombre} onChange={(event) => setNombre(event.target.value)} autoComplete="off" />
        </div>
        <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
        <div className="button-row">
          <IonButton type="submit" disabled={saving}>
            Despachar
          </IonButton>
          <IonButton fill="outline" color="dark" onClick={onClose}>
            Cancelar
          </IonButton>
        </div>
      </form>
    </dialog>
  );
}
