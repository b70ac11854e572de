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
import { type MouseEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useStoredJson, useStoredValue } from '#app/ui/use-stored-value.ts';
import { locateInNav, type NavEntry, type NavGroup, type NavLink as NavLinkModel } from './side-nav-model.ts';
import './side-nav.css';

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

interface EntryLinkProps {
  link: NavLinkModel;
  current: boolean;
  onNavigate: () => void;
  nested: boolean;
}

function EntryLink({ link, current, onNavigate, nested }: EntryLinkProps) {
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
    <Link className={className} to={link.href} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
      {link.label}
    </Link>
  );
}

interface DrawerEntryProps {
  entry: NavEntry;
  /** The link of the screen in view, when it is in this entry. */
  currentHref: string | undefined;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}

function DrawerEntry({ entry, currentHref, open, onToggle, onNavigate }: DrawerEntryProps) {
  if (entry.kind === 'link') return <EntryLink link={entry} current={entry.href === currentHref} onNavigate={onNavigate} nested={false} />;
  const listId = `side-nav-children-${encodeURIComponent(entry.id)}`;
  return (
    <>
      <button
        type="button"
        className="side-nav__parent"
        aria-expanded={open}
        aria-controls={listId}
        aria-current={currentHref === undefined ? undefined : 'true'}
        onClick={onToggle}
      >
        <span>{entry.label}</span>
        <IonIcon icon={open ? chevronDownOutline : chevronForwardOutline} aria-hidden="true" />
      </button>
      <ul id={listId} className="side-nav__children" hidden={!open}>
        {entry.children.map((child) => (
          <li key={child.href}>
            <EntryLink link={child} current={child.href === currentHref} onNavigate={onNavigate} nested />
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
  const [chosenOn, setChosenOn] = useState<string | null>(null);
  const here = locateInNav(groups, pathname);

  // The drawer follows the screen in view (its group), unless the person chose a group on this screen: a choice
  // lasts until the address changes. An empty stored group means deselected on purpose and stays so; a screen in no
  // group shows the last choice.
  if (chosenOn !== null && chosenOn !== pathname) setChosenOn(null);
  const followScreen = chosenOn === null && storedGroup !== '';
  const activeName = (followScreen ? here?.group.name : undefined) ?? storedGroup ?? groups[0]?.name ?? '';
  const active = groups.find((group) => group.name === activeName);

  const chooseGroup = (name: string) => {
    setStoredGroup(name);
    setChosenOn(pathname);
  };

  // The parent holding the screen in view shows it open (so "principal" is one tap away on every screen under it),
  // unless the person closed it on this screen: like a chosen group, that lasts until the address changes.
  const [closedOn, setClosedOn] = useState<{ pathname: string; id: string } | null>(null);
  if (closedOn !== null && closedOn.pathname !== pathname) setClosedOn(null);
  const isOpen = (id: string) => openParents.includes(id) || (id === here?.entryId && closedOn?.id !== id);

  const toggleParent = (id: string) => {
    if (isOpen(id)) {
      setOpenParents(openParents.filter((open) => open !== id));
      if (id === here?.entryId) setClosedOn({ pathname, id });
    } else {
      setOpenParents([...openParents, id]);
      if (closedOn?.id === id) setClosedOn(null);
    }
  };

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
                  aria-current={group.id === here?.group.id ? 'true' : undefined}
                  onClick={() => chooseGroup(selected ? '' : group.name)}
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
                  currentHref={entry.id === here?.entryId ? here.href : undefined}
                  open={isOpen(entry.id)}
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
