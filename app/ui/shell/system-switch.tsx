import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonPopover } from '@ionic/react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { useCurrentSystem } from '#app/session/current-system.ts';
import { AppLogo } from '#app/ui/app-logo.tsx';
import { usePopover } from './use-popover.ts';

/** The logo; with more than one system that has a home in this app, it opens the system switch (spec 2.6). */
export function SystemSwitch({ session }: { session: Session }) {
  const navigate = useNavigate();
  const { system, systems, selectSystem } = useCurrentSystem(session);
  const popover = usePopover();

  if (systems.length < 2) {
    return (
      <Link to={paths.inicio.href} className="top-bar__logo" aria-label="Andes HSE, ir al inicio">
        <AppLogo size={30} />
      </Link>
    );
  }

  return (
    <>
      <button
        type="button"
        className="top-bar__logo"
        aria-label={`Andes HSE, sistema ${system?.Nombre ?? ''}: cambiar de sistema`}
        aria-haspopup="dialog"
        aria-expanded={popover.state?.open ?? false}
        onClick={(event) => popover.show(event.nativeEvent)}
      >
        <AppLogo size={30} />
        {system && <span className="top-bar__system">{system.Nombre}</span>}
      </button>
      {popover.state && (
        <IonPopover
          key={popover.state.key}
          isOpen={popover.state.open}
          event={popover.state.event}
          onDidDismiss={popover.onDidDismiss}
          role="dialog"
          aria-label="Cambiar de sistema"
        >
          <div className="account-menu">
            <p className="account-menu__name">Cambiar de sistema</p>
            <ul>
              {systems.map((option) => (
                <li key={option.IdSistema}>
                  <button
                    type="button"
                    aria-current={option.IdSistema === system?.IdSistema ? 'true' : undefined}
                    onClick={() => {
                      popover.hide();
                      selectSystem(option);
                      navigate(option.RutaInicio);
                    }}
                  >
                    {option.Nombre}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </IonPopover>
      )}
    </>
  );
}
