import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { useStoredJson } from '#app/ui/use-stored-value.ts';
import { ACCESO_MESSAGES } from '#sync/schemas/acceso.schema.ts';
import { GATE_SCREEN_MESSAGES } from './gate-view.ts';

/** Where this device stands: a worksite and a gate, chosen once and remembered on the device for its user. */
export interface GatePlace {
  IdNivel2: string;
  Puerta: string;
}

const NO_PLACE = null as GatePlace | null;

export function useGatePlace(session: Session): [GatePlace | null, (place: GatePlace | null) => void] {
  return useStoredJson(`control-acceso:lugar:${session.usuario.IdUsuario}`, NO_PLACE);
}

export interface Worksite {
  IdNivel: string;
  Nombre: string;
}

/** The worksites this device may guard: the user's (SPEC PL13), or every one of the company when the user has none. */
export function useGateWorksites(session: Session): Worksite[] | undefined {
  const faenas = session.usuario.Faenas ?? [];
  return useDbQuery(async (db) => {
    const levels = await db.niveles.where('[TipoNivel+orden]').between([2, ''], [2, '\uffff']).toArray();
    return levels.filter((level) => level.Estado !== 0 && (faenas.length === 0 || faenas.includes(level.IdNivel)));
  }, [faenas.join(',')]);
}

interface GatePlaceFormProps {
  session: Session;
  worksites: Worksite[];
  current: GatePlace | null;
  onSave: (place: GatePlace) => void;
  onCancel?: () => void;
}

/** The first thing a guard does on a new tablet: which worksite and which gate it stands at. */
export function GatePlaceForm({ session, worksites, current, onSave, onCancel }: GatePlaceFormProps) {
  const id = useId();
  const [IdNivel2, setWorksite] = useState(current?.IdNivel2 ?? (worksites.length === 1 ? worksites[0]!.IdNivel : ''));
  const [Puerta, setGate] = useState(current?.Puerta ?? '');
  const [problems, setProblems] = useState<{ IdNivel2?: string; Puerta?: string }>({});
  const label = levelName(session, 2);
  const save = () => {
    const found = {
      IdNivel2: worksites.some((row) => row.IdNivel === IdNivel2) ? undefined : GATE_SCREEN_MESSAGES.noWorksite,
      Puerta: Puerta.trim() ? undefined : ACCESO_MESSAGES.gateRequired,
    };
    setProblems(found);
    if (!found.IdNivel2 && !found.Puerta) onSave({ IdNivel2, Puerta: Puerta.trim() });
  };
  const invalid = (field: 'IdNivel2' | 'Puerta') => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  return (
    <form
      className="card gate-place-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <h2 id={`${id}-title`}>Portería de este dispositivo</h2>
      <p className="muted">Se elige una vez y queda guardada en este dispositivo.</p>
      <div className="field-stack">
        <FieldShell id={`${id}-IdNivel2`} label={`${label}*`} error={problems.IdNivel2}>
          <select id={`${id}-IdNivel2`} value={IdNivel2} onChange={(event) => setWorksite(event.target.value)} {...invalid('IdNivel2')}>
            <option value="">Selecciona…</option>
            {worksites.map((row) => (
              <option key={row.IdNivel} value={row.IdNivel}>
                {row.Nombre}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={`${id}-Puerta`} label="Portería*" error={problems.Puerta}>
          <input id={`${id}-Puerta`} maxLength={80} autoComplete="off" value={Puerta} onChange={(event) => setGate(event.target.value)} {...invalid('Puerta')} />
        </FieldShell>
      </div>
      <div className="button-row">
        <IonButton type="submit">Guardar portería</IonButton>
        {onCancel && (
          <IonButton fill="outline" color="dark" onClick={onCancel}>
            Cancelar
          </IonButton>
        )}
      </div>
    </form>
  );
}

/** The gate's views: checking at the gate, who is on site, the day passes, and the worksite's DS 76 register. */
export function GateTabs() {
  return (
    <nav className="gate-tabs" aria-label="Control de acceso">
      <NavLink end to={paths.controlAcceso.porteria.href}>
        Portería
      </NavLink>
      <NavLink to={paths.controlAcceso.enFaena.href}>En faena</NavLink>
      <NavLink to={paths.controlAcceso.pasesDia.href}>Pases del día</NavLink>
      <NavLink to={paths.controlAcceso.registroDs76.href}>Registro DS 76</NavLink>
    </nav>
  );
}
