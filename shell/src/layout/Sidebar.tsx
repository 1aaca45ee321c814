import type { NavItem } from '@dash/shared-core';
import { areaOfPath } from '@dash/shared-core';
import { SIDEBAR_SECTIONS } from '@dash/shared-core/sidebar-entries';
import { useSessionStore } from '@dash/shared-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { canOpenArea, useAreaStore } from '../federation/areaStore';
import { isActive } from './navigation';

/** A link about to be followed (pointer over it, keyboard focus): its area's entry starts loading now. */
function prefetchAreaOf(pathname: string): void {
  const area = areaOfPath(pathname);
  if (area && canOpenArea(area, useSessionStore.getState().access)) void useAreaStore.getState().ensure(area.name);
}

export function Sidebar({ items, open, onNavigate }: { items: NavItem[]; open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const activeParent = items.find((item) => item.children && isActive(item, pathname))?.id ?? null;
  // Only one parent open at a time; the one holding the current page opens by itself.
  const [openParent, setOpenParent] = useState<string | null>(activeParent);
  useEffect(() => setOpenParent(activeParent), [activeParent]);

  return (
    <nav id="shell-sidebar" className={`shell-sidebar${open ? ' is-open' : ''}`} aria-label={t('common:nav.label')}>
      {SIDEBAR_SECTIONS.map((section) => {
        const sectionItems = items.filter((item) => item.section === section);
        if (sectionItems.length === 0) return null;
        return (
          <div key={section} className="shell-sidebar__section">
            <h2 className="shell-sidebar__heading">{t(`common:nav.${section}`)}</h2>
            <ul>
              {sectionItems.map((item) =>
                item.children ? (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={`shell-sidebar__parent${isActive(item, pathname) ? ' is-active' : ''}`}
                      aria-expanded={openParent === item.id}
                      aria-controls={`nav-${item.id}`}
                      onClick={() => setOpenParent(openParent === item.id ? null : item.id)}
                    >
                      {t(item.label)}
                      <span aria-hidden="true">{openParent === item.id ? '▾' : '▸'}</span>
                    </button>
                    <ul id={`nav-${item.id}`} hidden={openParent !== item.id} className="shell-sidebar__children">
                      {item.children.map((child) => (
                        <li key={child.id}>
                          <SidebarLink item={child} active={isActive(child, pathname)} onNavigate={onNavigate} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ) : (
                  <li key={item.id}>
                    <SidebarLink item={item} active={isActive(item, pathname)} onNavigate={onNavigate} />
                  </li>
                ),
              )}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function SidebarLink({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <Link
      to={item.to ?? '#'}
      className={`shell-sidebar__link${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      // The area's code starts loading while the pointer or focus is on its entry, before the click.
      onPointerEnter={() => item.to && prefetchAreaOf(item.to)}
      onFocus={() => item.to && prefetchAreaOf(item.to)}
      data-nav-id={item.id}
    >
      {t(item.label)}
    </Link>
  );
}
