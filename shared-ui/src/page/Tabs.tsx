import { hasAnyPermission, type Permission } from '@dash/shared-core';
import { NavLink } from 'react-router';
import { useAccess } from '../session/sessionStore';

export interface TabConfig {
  id: string;
  label: string;
  permissions?: Permission[];
}

/**
 * Tab bar whose tabs are path parameters: `pattern` holds `:tabId`, each tab links to the pattern with its id.
 * Tabs the member may not open are left out.
 */
export function Tabs({
  pattern,
  params,
  tabs,
  label,
}: {
  pattern: string;
  params: Record<string, string>;
  tabs: TabConfig[];
  label: string;
}) {
  const access = useAccess();
  const held = access?.permissions ?? [];
  const visible = tabs.filter((tab) => hasAnyPermission(held, tab.permissions));
  return (
    <nav className="ui-tabs" aria-label={label}>
      {visible.map((tab) => {
        const to = pattern.replace(/:(\w+)/g, (_match, name: string) =>
          name === 'tabId' ? tab.id : encodeURIComponent(params[name] ?? ''),
        );
        return (
          <NavLink key={tab.id} to={to} className={({ isActive }) => `ui-tabs__tab${isActive ? ' is-active' : ''}`}>
            {tab.label}
          </NavLink>
        );
      })}
    </nav>
  );
}
