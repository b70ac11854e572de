import { Link } from 'react-router-dom';
import type { NavShortcut } from './side-nav-model.ts';
import './role-shortcuts.css';

interface RoleShortcutsProps {
  id: string;
  title: string;
  shortcuts: NavShortcut[];
}

/** The screens the person's role opens, as big links: one tap from Inicio or from a screen the role does not open. */
export function RoleShortcuts({ id, title, shortcuts }: RoleShortcutsProps) {
  if (shortcuts.length === 0) return null;
  return (
    <section className="card role-shortcuts" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="role-shortcuts__list">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.href}>
            <Link className="role-shortcuts__link" to={shortcut.href}>
              {shortcut.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
