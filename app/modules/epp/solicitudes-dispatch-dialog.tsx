import { toWireDate } from '#sync/domain/dates.ts';
import type { Despacho } from '#sync/schemas/epp-solicitudes.schema.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { useModalDialog } from '#app/ui/feedback/use-modal-dialog.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { TextField } from '#app/ui/form/text-field.tsx';

interface DispatchDialogProps {
  count: number;
  /** Who dispatches by default: the signed-in user's name and RUT. */
  dispatcher: { Nombre: string; Rut: string };
  /** The kit's submit: checks the body with the transition's schema and throws its first problem, in Spanish. */
  onDispatch: (despacho: Despacho) => Promise<void>;
  onClose: () => void;
}

/** The office's dispatch of one or several pending requests: code, date, and the dispatcher's RUT and name. */
export function DispatchDialog({ count, dispatcher, onDispatch, onClose }: DispatchDialogProps) {
  const id = useId();
  const dialog = useModalDialog();
  const [codigo, setCodigo] = useState('');
  const [fecha, setFecha] = useState(toWireDate(new Date()));
  const [rut, setRut] = useState(dispatcher.Rut);
  const [nombre, setNombre] = useState(dispatcher.Nombre);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const [RutDespachador = '', DvDespachador = ''] = rut.replace(/[.\s]/g, '').toUpperCase().split('-');
    setSaving(true);
    try {
      await onDispatch({ CodigoDespacho: codigo, FechaDespacho: fecha, RutDespachador, DvDespachador, NombreDespachador: nombre });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible despachar en este dispositivo');
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal-dialog epp-dispatch" aria-labelledby={`${id}-title`} onCancel={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`}>{count === 1 ? 'Despachar 1 solicitud' : `Despachar ${count} solicitudes`}</h2>
        <TextField label="Código de despacho*" value={codigo} onChange={setCodigo} autoComplete="off" />
        <DateField label="Fecha de despacho*" value={fecha} onChange={setFecha} required />
        <TextField label="RUT de quien despacha*" value={rut} onChange={setRut} placeholder="12.345.678-5" autoComplete="off" />
        <TextField label="Nombre de quien despacha*" value={nombre} onChange={setNombre} autoComplete="off" />
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
