import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonIcon } from '@ionic/react';
import { clipboardOutline, peopleOutline, shirtOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';

interface QuickStart {
  label: string;
  href: string;
  icon: string;
}

/**
 * The field work that starts from Inicio, each where the role may do it (the check of the screen it opens): an
 * inspection, an EPP delivery to a crew, a training's attendance (taken on one of the sessions to give).
 */
export function quickStarts(session: Session): QuickStart[] {
  const starts: (QuickStart | false)[] = [
    hasPermission(session, paths.inspecciones.list.href, 'crear') && {
      label: 'Nueva inspección',
      href: paths.inspecciones.nuevo.href,
      icon: clipboardOutline,
    },
    hasPermission(session, paths.eppEntregados.list.href, 'crear') && {
      label: 'Entregar EPP',
      href: paths.eppEntregados.nuevo.href,
      icon: shirtOutline,
    },
    // «Tomar asistencia» on a session needs Editar on the sessions to give (sesion-detail-page.tsx).
    hasPermission(session, paths.capacitaciones.creadas.list.href, 'editar') && {
      label: 'Tomar asistencia',
      href: paths.capacitaciones.creadas.list.href,
      icon: peopleOutline,
    },
  ];
  return starts.filter((start): start is QuickStart => start !== false);
}

export function HomeQuickStarts({ starts }: { starts: QuickStart[] }) {
  if (starts.length === 0) return null;
  return (
    <ul className="home-quick-starts" aria-label="Empezar">
      {starts.map((start) => (
        <li key={start.href}>
          <Link className="home-quick-start" to={start.href}>
            <IonIcon icon={start.icon} aria-hidden="true" />
            {start.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
