import { IonIcon } from '@ionic/react';
import {
  albumsOutline,
  bulbOutline,
  chevronDownOutline,
  chevronForwardOutline,
  documentTextOutline,
  ellipseOutline,
  mapOutline,
  openOutline,
  settingsOutline,
  speedometerOutline,
} from 'ionicons/icons';
import type { MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useStoredJson, useStoredValue } from '#app/ui/use-stored-value.ts';
import { groupOfRoute, type NavEntry, type NavGroup, type NavLink as NavLinkModel } from './side-nav-model.ts';

const GROUP_ICONS: Record<string, string> = {
  ajustes: settingsOutline,
  módulos: albumsOutline,
  innoapsion: bulbOutline,
  dashboard: speedometerOutline,
  informes: documentTextOutline,
  mapa: mapOutline,
};

const NO_OPEN_PARENTS: string[] = [];
const EXTERNAL_TAB = 'sedecc';

interface SideNavProps {
  groups: NavGroup[];
  showRail: boolean;
  showDrawer: boolean;
  onNavigate: () => void;
}

function openExternal(event: MouseEvent<HTMLAnchorElement>, href: string) {
  event.preventDefault();
  // One named tab for the external site: opening again reuses and refocuses it.
  window.open(href, EXTERNAL_TAB)?.focus();
}

function EntryLink({ link, onNavigate, nested }: { link: NavLinkModel; onNavigate: () => void; nested: boolean }) {
  const className = nested ? 'side-nav__link side-nav__link--child' : 'side-nav__link';
  if (link.external) {
    return (
      <a className={className} href={link.href} target={EXTERNAL_TAB} rel="noopener" onClick={(event) => openExternal(event, link.href)}>
        <span>{link.label}</span>
        <IonIcon icon={openOutline} aria-hidden="true" />
        <span className="visually-hidden">(abre otra pestaña)</span>
      </a>
    );
  }
  return (
    <NavLink className={className} to={link.href} end onClick={onNavigate}>
      {link.label}
    </NavLink>
  );
}

function DrawerEntry({ entry, open, onToggle, onNavigate }: { entry: NavEntry; open: boolean; onToggle: () => void; onNavigate: () => void }) {
  if (entry.kind === 'link') return <EntryLink link={entry} onNavigate={onNavigate} nested={false} />;
  const listId = `side-nav-children-${encodeURIComponent(entry.id)}`;
  return (
    <>
      <button type="button" className="side-nav__parent" aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        <span>{entry.label}</span>
        <IonIcon icon={open ? chevronDownOutline : chevronForwardOutline} aria-hidden="true" />
      </button>
      <ul id={listId} className="side-nav__children" hidden={!open}>
        {entry.children.map((child) => (
          <li key={child.href}>
            <EntryLink link={child} onNavigate={onNavigate} nested />
          </li>
        ))}
      </ul>
    </>
  );
}

export function SideNav({ groups, showRail, showDrawer, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const [storedGroup, setStoredGroup] = useStoredValue('activeMenu');
  const [openParents, setOpenParents] = useStoredJson('abiertos', NO_OPEN_PARENTS);

  // Never chosen: start on the group of the screen in view. An empty string means deselected on purpose.
  const activeName = storedGroup ?? groupOfRoute(groups, pathname)?.name ?? groups[0]?.name ?? '';
  const active = groups.find((group) => group.name === activeName);

  const toggleParent = (id: string) =>
    setOpenParents(openParents.includes(id) ? openParents.filter((open) => open !== id) : [...openParents, id]);

  if (!showRail) return null;

  return (
    <div className="side-nav" id="side-nav">
      <nav className="side-nav__rail" aria-label="Secciones">
        <ul>
          {groups.map((group) => {
            const selected = group.name === activeName;
            return (
              <li key={group.id}>
                <button
                  type="button"
                  className="side-nav__group"
                  aria-pressed={selected}
                  onClick={() => setStoredGroup(selected ? '' : group.name)}
                >
                  <IonIcon icon={GROUP_ICONS[group.name.trim().toLocaleLowerCase('es')] ?? ellipseOutline} aria-hidden="true" />
                  <span className="side-nav__group-name">{group.name}</span>
                  {group.subtitle && <span className="side-nav__group-subtitle">{group.subtitle}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {showDrawer && active && (
        <nav className="side-nav__drawer" aria-label={`Menú ${active.name}`}>
          <p className="side-nav__drawer-title" aria-hidden="true">
            {active.name}
            {active.subtitle && <span> {active.subtitle}</span>}
          </p>
          <ul>
            {active.entries.map((entry) => (
              <li key={entry.id}>
                <DrawerEntry
                  entry={entry}
                  open={openParents.includes(entry.id)}
                  onToggle={() => toggleParent(entry.id)}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
