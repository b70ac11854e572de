import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonIcon, IonPopover } from '@ionic/react';
import { businessOutline, logOutOutline, personOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { canSeeCompanyProfile, fullName } from '#app/session/session-permissions.ts';
import { forgetSession } from '#app/session/session-store.ts';
import { hasUnsavedWork, unsavedWorkWarning } from '#app/data/unsaved-work.ts';
import { signOut, unsavedWorkOfSession } from '#app/session/sign-out.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { usePopover } from './use-popover.ts';
import './account-menu.css';

const SIGN_OUT_DELAY_MS = 300;

function initialsOf(session: Session): string {
  return `${session.usuario.Nombres.charAt(0)}${session.usuario.ApellidoPaterno.charAt(0)}`.toUpperCase();
}

export function AccountMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const popover = usePopover();
  const [brokenAvatar, setBrokenAvatar] = useState<string | null>(null);
  const name = fullName(session);
  const avatar = session.usuario.Logo;
  const showsPhoto = Boolean(avatar) && avatar !== brokenAvatar;
  // WCAG 2.5.3: the name a screen reader or voice control hears starts with what the button shows ("JA").
  const buttonName = showsPhoto ? `Menú de usuario de ${name}` : `${initialsOf(session)} · Menú de usuario de ${name}`;

  const confirm = useConfirm();
  const close = popover.hide;
  const finish = async () => {
    await signOut();
    setTimeout(() => {
      navigate(paths.root.href, { replace: true });
      forgetSession();
    }, SIGN_OUT_DELAY_MS);
  };
  const leave = async () => {
    close();
    const unsaved = await unsavedWorkOfSession();
    if (!hasUnsavedWork(unsaved) || (await confirm({ header: 'Cerrar Sesión', message: unsavedWorkWarning(unsaved), confirmText: 'Cerrar Sesión' }))) await finish();
  };

  return (
    <>
      <button
        type="button"
        className="top-bar__avatar"
        aria-label={buttonName}
        aria-haspopup="dialog"
        aria-expanded={popover.state?.open ?? false}
        onClick={(event) => popover.show(event.nativeEvent)}
      >
        {showsPhoto && avatar ? (
          <img src={avatar} alt="" onError={() => setBrokenAvatar(avatar)} />
        ) : (
          <span aria-hidden="true">{initialsOf(session)}</span>
        )}
      </button>
      {popover.state && (
        <IonPopover
          key={popover.state.key}
          isOpen={popover.state.open}
          event={popover.state.event}
          onDidDismiss={popover.onDidDismiss}
          alignment="end"
          className="account-popover"
          role="dialog"
          aria-label="Menú de usuario"
        >
          <div className="account-menu">
            <p className="account-menu__name">{name}</p>
            <p className="account-menu__email">{session.usuario.CorreoElectronicoPersona}</p>
            <ul>
              <li>
                <Link to={paths.perfil.usuario.href} onClick={close}>
                  <IonIcon icon={personOutline} aria-hidden="true" />
                  Mi Perfil
                </Link>
              </li>
              {canSeeCompanyProfile(session) && (
                <li>
                  <Link to={paths.perfil.empresa.href} onClick={close}>
                    <IonIcon icon={businessOutline} aria-hidden="true" />
                    Perfil Empresa
                  </Link>
                </li>
              )}
              <li>
                <button type="button" onClick={() => void leave()}>
                  <IonIcon icon={logOutOutline} aria-hidden="true" />
                  Cerrar Sesión
                </button>
              </li>
            </ul>
          </div>
        </IonPopover>
      )}
    </>
  );
}
