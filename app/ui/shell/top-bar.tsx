import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonIcon } from '@ionic/react';
import { menuOutline } from 'ionicons/icons';
import { TOP_BAR_ID } from '#app/ui/feedback/use-notice.ts';
import { AccountMenu } from './account-menu.tsx';
import { SyncStatus } from './sync-status.tsx';
import { SystemSwitch } from './system-switch.tsx';
import './top-bar.css';

interface TopBarProps {
  session: Session;
  menuExpanded: boolean;
  onMenu: () => void;
}

export function TopBar({ session, menuExpanded, onMenu }: TopBarProps) {
  return (
    <header className="top-bar" id={TOP_BAR_ID}>
      <button type="button" className="top-bar__icon-button" aria-label="Menú" aria-expanded={menuExpanded} aria-controls="side-nav" onClick={onMenu}>
        <IonIcon icon={menuOutline} aria-hidden="true" />
      </button>
      <SystemSwitch session={session} />
      <span className="top-bar__spacer" />
      <SyncStatus />
      <AccountMenu session={session} />
    </header>
  );
}
