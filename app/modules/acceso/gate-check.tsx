import { readGateCredential } from '#sync/domain/gate-credentials.ts';
import { onSiteAt } from '#sync/domain/on-site.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonButton } from '@ionic/react';
import { useId, useRef, useState } from 'react';
import { paths } from '#app/navigation/paths.ts';
import { fullName, hasPermission } from '#app/session/session-permissions.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { queueMovement } from './acceso-writes.ts';
import { GateAnswerCard } from './gate-answer.tsx';
import { checkAtGate, gateSettings, movementsAt } from './gate-lookup.ts';
import type { GatePlace } from './gate-place.tsx';
import { type GateCheck, GATE_SCREEN_MESSAGES, subjectText } from './gate-view.ts';
import { ProvisorioDialog } from './provisorio-dialog.tsx';
import { ScanButton } from './scan-button.tsx';

const LOGGED = { entrada: 'Entrada registrada', salida: 'Salida registrada', rechazo: 'Rechazo registrado' } as const;

/** The gate's live state on the device: its settings and its worksite's movements (each log changes them at once). */
function useGateState(place: GatePlace) {
  return useDbQuery(
    async (db) => {
      const [settings, movements] = await Promise.all([gateSettings(db), movementsAt(db, place.IdNivel2)]);
      return { settings, movements };
    },
    [place.IdNivel2],
  );
}

/** One check at a time: what was typed or scanned, the answer, and the movement the guard logs from it. */
export function GateCheckPanel({ session, place }: { session: Session; place: GatePlace }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [check, setCheck] = useState<GateCheck | null>(null);
  const [logged, setLogged] = useState('');
  const [busy, setBusy] = useState(false);
  const [provisional, setProvisional] = useState(false);
  const state = useGateState(place);
  const who = { IdUsuario: session.usuario.IdUsuario, NombreUsuario: fullName(session) };
  const canApprove = hasPermission(session, paths.controlAcceso.porteria.href, 'aprobar');
  const canLog = hasPermission(session, paths.controlAcceso.porteria.href, 'crear');

  const verify = async (typed: string) => {
    setLogged('');
    const credential = readGateCredential(typed);
    if (!credential) {
      setCheck(null);
      return setProblem(GATE_SCREEN_MESSAGES.unreadable);
    }
    setProblem('');
    setCheck(await checkAtGate(requireDevice().db, credential, { IdNivel2: place.IdNivel2, key: session.empresa.LlavePases }));
  };
  const done = (message: string) => {
    setLogged(`${message}: ${check ? subjectText(check) : ''}`);
    setCheck(null);
    setText('');
    input.current?.focus();
  };
  const log = async (kind: 'entrada' | 'salida' | 'rechazo') => {
    if (!check) return;
    setBusy(true);
    try {
      await queueMovement(check, kind === 'salida' ? 'salida' : 'entrada', place, who);
      done(LOGGED[kind]);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : 'No fue posible guardar en este dispositivo');
    }
    setBusy(false);
  };

  const key = check ? (check.Sujeto === 'persona' ? check.Rut : (check.IdActivo ?? '')) : '';
  const now = { IdNivel2: place.IdNivel2, at: new Date().toISOString() };
  const onSite = state ? onSiteAt(state.movements, { ...now, shiftEnds: state.settings.FinesTurno }) : [];
  const inside = check ? onSite.find((row) => row.key === key) : undefined;
  return (
    <>
      <form
        className="card gate-check"
        role="search"
        aria-label="Verificar ingreso"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify(text);
        }}
      >
        <label htmlFor={`${id}-codigo`}>RUT, patente o código</label>
        <div className="gate-check__row">
          <input
            ref={input}
            id={`${id}-codigo`}
            className="gate-check__input"
            autoComplete="off"
            autoCapitalize="characters"
            enterKeyHint="go"
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problema` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <IonButton type="submit">Verificar</IonButton>
          <ScanButton
            onRead={(read) => {
              setText(read);
              void verify(read);
            }}
          />
        </div>
        <div role="alert">
          {problem && (
            <p id={`${id}-problema`} className="field-error">
              {problem}
            </p>
          )}
        </div>
      </form>
      <div role="status" className="gate-logged">
        {logged && <p className="notice notice--success">{logged}</p>}
      </div>
      {check && (
        <GateAnswerCard
          check={check}
          inside={inside}
          canApprove={canApprove && canLog}
          busy={busy || !canLog}
          onLog={(kind) => void log(kind)}
          onProvisional={() => setProvisional(true)}
        />
      )}
      {check && provisional && state && (
        <ProvisorioDialog
          check={check}
          place={place}
          settings={state.settings}
          who={who}
          onClose={() => setProvisional(false)}
          onDone={() => {
            setProvisional(false);
            done('Pase provisorio y entrada registrados');
          }}
        />
      )}
    </>
  );
}
