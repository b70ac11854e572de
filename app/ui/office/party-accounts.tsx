import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import type { Party, PartyView } from './party.ts';
import './office.css';

/** The accounts of a contractor company's or client's staff, the main one first, and a way to add one more. */
export function PartyAccounts({ view, party, partyKey }: { view: PartyView; party: Party; partyKey: string }) {
  const session = useRequiredSession();
  const seeUsers = hasPermission(session, paths.usuarios.list.href, 'index');
  const addUsers = hasPermission(session, paths.usuarios.list.href, 'crear');
  const newUser = `${paths.usuarios.nuevo.href}?tipo=${view.userKind}&${view.userKind}=${encodeURIComponent(partyKey)}`;
  return (
    <CardSection id="party-accounts" title="Usuarios con acceso">
      {party.Usuarios.length === 0 ? (
        <p className="muted">Sin cuentas de acceso.</p>
      ) : (
        <ul className="office-list" aria-label="Usuarios con acceso">
          {party.Usuarios.map((user) => {
            const text = (
              <span className="office-list__text">
                <span className="simple-list__main">
                  {user.Nombre}
                  {user.IdUsuario === party.IdUsuario ? ' (cuenta principal)' : ''}
                </span>
                <span className="simple-list__meta">
                  {user.CorreoElectronicoPersona}
                  {!user.Habilitado && ' · deshabilitado'}
                </span>
              </span>
            );
            return <li key={user.IdUsuario}>{seeUsers ? <Link to={paths.usuarios.detalles.href(String(user.IdUsuario))}>{text}</Link> : <div className="record-row">{text}</div>}</li>;
          })}
        </ul>
      )}
      {addUsers && (
        <div className="button-row">
          <IonButton fill="outline" color="dark" routerLink={newUser}>
            Agregar usuario
          </IonButton>
        </div>
      )}
    </CardSection>
  );
}
