import { formatRut } from '#sync/domain/rut.ts';
import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import type { QueryKey } from '@tanstack/react-query';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOfficeAction } from '#app/data/use-office-write.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { AuditHistory } from './audit-history.tsx';
import { PartyAccounts } from './party-accounts.tsx';
import type { Party, PartyView } from './party.ts';
import { TemporaryPasswordDialog } from './temporary-password-dialog.tsx';
import './office.css';

interface PartyDetailProps {
  view: PartyView;
  party: Party;
  /** What its users name it by: a contractor's RUT, a client's id. */
  partyKey: string;
  /** The module's queries this party's writes change. */
  invalidate: QueryKey[];
}

/** A contractor company or client: its data and logo, activation, its account's password, deletion, its users. */
export function PartyDetail({ view, party, partyKey, invalidate }: PartyDetailProps) {
  const navigate = useNavigate();
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const run = useOfficeAction();
  const confirm = useConfirm();
  const [handover, setHandover] = useState<{ password: string; pending: boolean } | null>(null);
  const can = (action: 'editar' | 'eliminar') => hasPermission(session, view.permissionRoute, action);
  const active = party.Estado === 1;
  const it = view.noun.feminine ? 'la' : 'el';
  const write = (request: { method: 'PUT' | 'POST' | 'DELETE'; path: string; body?: unknown }) => ({
    kind: view.kind,
    id: party.id,
    request,
  });

  const toggleState = async () => {
    const question = active
      ? `Sus usuarios no podrán iniciar sesión hasta que ${it} actives de nuevo.`
      : `Sus usuarios podrán volver a iniciar sesión.`;
    if (
      !(await confirm({
        header: active ? `Desactivar ${view.noun.one}` : `Activar ${view.noun.one}`,
        message: `¿${active ? 'Desactivar' : 'Activar'} ${party.Nombre}? ${question}`,
        confirmText: active ? 'Desactivar' : 'Activar',
      }))
    )
      return;
    await run(write({ method: 'PUT', path: view.calls.state(company, !active), body: view.calls.stateBody(party) }), {
      success: active ? view.messages.deactivated : view.messages.activated,
      invalidate,
    });
  };
  const resetPassword = async () => {
    if (
      !(await confirm({
        header: 'Restablecer clave',
        message: `¿Crear una contraseña temporal nueva para la cuenta principal de ${party.Nombre}?`,
        confirmText: 'Restablecer',
      }))
    )
      return;
    const password = temporaryPassword();
    const [fate] = await run(
      write({ method: 'POST', path: view.calls.resetPassword(company), body: view.calls.resetBody(party, password) }),
      { success: view.messages.passwordReset, invalidate },
    );
    if (fate && fate.kind !== 'rechazado' && !session.servidor?.correoSmtp) setHandover({ password, pending: fate.kind === 'pendiente' });
  };
  const remove = async () => {
    if (
      !(await confirm({
        header: `Eliminar ${view.noun.one}`,
        message: `¿Eliminar ${party.Nombre}? También se eliminan las cuentas de sus usuarios.`,
      }))
    )
      return;
    const [fate] = await run(write({ method: 'DELETE', path: view.calls.remove(company, party) }), {
      success: view.messages.deleted,
      invalidate,
    });
    if (fate?.kind !== 'rechazado') navigate(view.routes.list.href, { replace: true });
  };

  const facts: [string, string][] = [
    ['RUT', party.rut ? formatRut(party.rut) : '—'],
    ['Correo Electrónico', party.Correo],
    ['Teléfono', party.Telefono || '—'],
    ['Dirección', party.Direccion || '—'],
    [
      'Estado',
      active
        ? view.noun.feminine
          ? 'Activa'
          : 'Activo'
        : view.noun.feminine
          ? 'Desactivada: sus usuarios no pueden iniciar sesión'
          : 'Desactivado: sus usuarios no pueden iniciar sesión',
    ],
    ['Cuenta de acceso', party.Tipo === 2 ? 'Sí' : 'No'],
  ];
  return (
    <>
      <CardSection id="party-facts" title="Datos">
        <div className="image-picker image-picker--square">
          <img
            className="image-picker__image"
            src={party.Logo}
            alt={party.LogoPropio ? `Logo de ${party.Nombre}` : 'Logo predeterminado'}
          />
          <dl className="record-fields">
            {facts.map(([label, value]) => (
              <div key={label} className="record-fields__pair">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </CardSection>
      <div className="button-row">
        {can('editar') && <IonButton routerLink={view.routes.editar.href(party.id)}>Editar</IonButton>}
        {can('editar') && (
          <IonButton fill="outline" color="dark" onClick={() => void toggleState()}>
            {active ? 'Desactivar' : 'Activar'}
          </IonButton>
        )}
        {can('editar') && party.IdUsuario !== null && (
          <IonButton fill="outline" color="dark" onClick={() => void resetPassword()}>
            Restablecer clave
          </IonButton>
        )}
        {can('eliminar') && (
          <IonButton fill="outline" color="danger" onClick={() => void remove()}>
            Eliminar
          </IonButton>
        )}
      </div>
      <PartyAccounts view={view} party={party} partyKey={partyKey} />
      <AuditHistory entity={view.auditEntity} id={party.id} />
      {handover && (
        <TemporaryPasswordDialog
          name={party.Nombre}
          email={party.Usuarios.find((user) => user.IdUsuario === party.IdUsuario)?.CorreoElectronicoPersona ?? party.Correo}
          {...handover}
          onClose={() => setHandover(null)}
        />
      )}
    </>
  );
}
