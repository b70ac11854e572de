import { toWireDate } from '#sync/domain/dates.ts';
import { cleanRut, formatRut } from '#sync/domain/rut.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonButton } from '@ionic/react';
import { useEffect, useId, useState } from 'react';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { fullName, hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { queueDayPass } from './acceso-writes.ts';
import { GateFrame, WithGatePlace } from './control-acceso-page.tsx';
import { dayPassState, dayPassStateText, worksitePasses } from './day-pass-view.ts';
import type { Worksite } from './gate-place.tsx';
import { PassQr } from './pass-qr.tsx';
import { RevocarPaseDialog } from './revocar-pase-dialog.tsx';

type Pass = LocalRows['pases_dia'];

/** One pass: who, until when or why not, its QR once signed, and printing and revoking it. */
function PassCard({ pass, today, canRevoke, onRevoke }: { pass: Pass; today: string; canRevoke: boolean; onRevoke: () => void }) {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);
  const state = dayPassState(pass, today);
  const who = `${pass.Nombre || 'Persona'} · RUT ${formatRut(pass.Rut)}`;
  return (
    <li className={`pass-card${printing ? ' pass-card--printing' : ''}`}>
      <div>
        <p className="pass-card__who">{who}</p>
        <p className={`pass-card__state pass-card__state--${state}`}>{dayPassStateText(pass, today)}</p>
      </div>
      {state === 'vigente' && <PassQr text={pass.Token} label={`QR del pase del día de ${who}`} />}
      <div className="button-row">
        {state === 'vigente' && (
          <IonButton size="small" fill="outline" color="dark" onClick={() => setPrinting(true)}>
            Imprimir
          </IonButton>
        )}
        {canRevoke && state === 'vigente' && (
          <IonButton size="small" fill="outline" color="danger" onClick={onRevoke}>
            Revocar
          </IonButton>
        )}
      </div>
    </li>
  );
}

/** Issue a pass for a RUT at this worksite, and the worksite's passes. */
function DayPassPanel({ session, worksite }: { session: Session; worksite: Worksite }) {
  const id = useId();
  const [rut, setRut] = useState('');
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const [revoking, setRevoking] = useState<Pass | null>(null);
  const passes = useDbQuery(async (db) => worksitePasses(await db.table<Pass, string>('pases_dia').toArray(), worksite.IdNivel), [worksite.IdNivel]);
  const canIssue = hasPermission(session, paths.controlAcceso.porteria.href, 'crear');
  const canRevoke = hasPermission(session, paths.controlAcceso.porteria.href, 'editar');
  const today = toWireDate(new Date());
  const issue = async () => {
    setNotice('');
    const who = { IdUsuario: session.usuario.IdUsuario, NombreUsuario: fullName(session) };
    const result = await queueDayPass(cleanRut(rut), worksite.IdNivel, who);
    if (!result.ok) return setProblem(result.message);
    setProblem('');
    setRut('');
    setNotice(`Pase del día pedido para ${formatRut(cleanRut(rut))}: el servidor lo firma al sincronizar`);
  };
  return (
    <>
      {canIssue && (
        <form
          className="gate-check"
          aria-label="Emitir pase del día"
          onSubmit={(event) => {
            event.preventDefault();
            void issue();
          }}
        >
          <label htmlFor={`${id}-rut`}>RUT de la persona acreditada</label>
          <div className="gate-check__row">
            <input
              id={`${id}-rut`}
              value={rut}
              inputMode="text"
              autoComplete="off"
              onChange={(event) => setRut(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problema` : undefined}
            />
            <IonButton type="submit">Emitir pase del día</IonButton>
          </div>
          {problem && (
            <p id={`${id}-problema`} className="field-error">
              {problem}
            </p>
          )}
        </form>
      )}
      {notice && (
        <p role="status" className="gate-logged">
          {notice}
        </p>
      )}
      <h2>Pases del día de {worksite.Nombre}</h2>
      {passes && passes.length === 0 && <p className="muted">Aún no hay pases del día en esta faena.</p>}
      <ul className="pass-list" aria-label="Pases del día">
        {passes?.map((pass) => (
          <PassCard key={pass.IdPase} pass={pass} today={today} canRevoke={canRevoke} onRevoke={() => setRevoking(pass)} />
        ))}
      </ul>
      {revoking && <RevocarPaseDialog pass={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

/**
 * `/control-acceso/pases`: the day passes of the device's worksite. The server signs each for someone accredited
 * there that day; printed or shown on a phone, its QR lets them in at a tablet whose data is days old (GA-PAS1).
 */
export function PasesDiaPage() {
  const session = useRequiredSession();
  return (
    <GateFrame>
      <WithGatePlace session={session}>{(_place, worksite) => <DayPassPanel session={session} worksite={worksite} />}</WithGatePlace>
    </GateFrame>
  );
}
