import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline, menuOutline } from 'ionicons/icons';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { AccountMenu } from './account-menu.tsx';
import { SystemSwitch } from './system-switch.tsx';

interface TopBarProps {
  session: Session;
  menuExpanded: boolean;
  onMenu: () => void;
}

export function TopBar({ session, menuExpanded, onMenu }: TopBarProps) {
  const online = useOnlineStatus();
  return (
    <header className="top-bar">
      <button type="button" className="top-bar__icon-button" aria-label="Menú" aria-expanded={menuExpanded} aria-controls="side-nav" onClick={onMenu}>
        <IonIcon icon={menuOutline} aria-hidden="true" />
      </button>
      <SystemSwitch session={session} />
      <span className="top-bar__spacer" />
      {!online && (
        <span className="top-bar__offline" role="status">
          <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
          <span>Sin conexión</span>
        </span>
      )}
      <AccountMenu session={session} />
    </header>
  );
}
