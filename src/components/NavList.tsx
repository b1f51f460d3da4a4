import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One entry of a {@link NavList}. */
export interface NavEntry {
  key: string;
  to: string;
  icon: ReactNode;
  label: string;
  /** Runs instead of following the link (entries that open a dialog). */
  onSelect?: () => void;
}

/** A titled group of entries; the title is optional. */
export interface NavGroup {
  key: string;
  title?: string;
  entries: readonly NavEntry[];
}

/** Props of {@link NavList}. */
export interface NavListProps {
  /** Names the navigation landmark. */
  label: string;
  groups: readonly NavGroup[];
  /** Key of the entry for the page being shown. */
  activeKey?: string;
  /** Called after an entry is chosen (a drawer closes itself with it). */
  onNavigate?: () => void;
}

const css = `
.panel-nav{padding:4px 8px 16px}
.panel-nav h2{margin:16px 12px 6px;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.06em;opacity:.55}
.panel-nav ul{list-style:none;margin:0;padding:0}
.panel-nav a{display:flex;align-items:center;gap:10px;height:40px;padding:0 12px;margin-block:2px;border-radius:8px;
  color:inherit;text-decoration:none;opacity:.85;transition:background-color .2s,opacity .2s}
.panel-nav a:hover{opacity:1;background:rgba(255,255,255,.06)}
.panel-nav a[aria-current=page]{opacity:1;color:var(--panel-link);background:var(--panel-game-input);font-weight:600}
.panel-nav a:focus-visible{outline:2px solid var(--panel-focus);outline-offset:-2px}
`;

/**
 * A side navigation of links, optionally grouped under headings, with the current page marked
 * (aria-current). Plain links and a small stylesheet: lighter than a menu widget, and the same
 * in the side bar and in the drawer.
 */
export function NavList({ label, groups, activeKey, onNavigate }: NavListProps) {
  return (
    <nav aria-label={label} className="panel-nav">
      <style href="panel-nav" precedence="default">
        {css}
      </style>
      {groups.map((group) => (
        <section key={group.key} aria-label={group.title}>
          {group.title ? <h2>{group.title}</h2> : null}
          <ul>
            {group.entries.map((entry) => (
              <li key={entry.key}>
                <Link
                  to={entry.to}
                  onClick={(event) => {
                    if (entry.onSelect) {
                      event.preventDefault();
                      entry.onSelect();
                    }
                    onNavigate?.();
                  }}
                  aria-current={entry.key === activeKey ? 'page' : undefined}
                >
                  <span aria-hidden="true">{entry.icon}</span>
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
