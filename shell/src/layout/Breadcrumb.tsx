import type { NavItem } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { useAreaStore } from '../federation/areaStore';
import { activeTrail } from './navigation';

/** Starts at /dashboard, then the section and the sidebar entries down to the current page. */
export function Breadcrumb({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = activeTrail(items, pathname);
  const section = trail[0]?.section;
  const areas = useAreaStore((state) => state.areas);
  // Pages without a sidebar entry (the profile) name themselves through their route.
  const title =
    trail.length === 0
      ? Object.values(areas)
          .flatMap((entry) => entry.registration?.routes ?? [])
          .find((route) => route.title && matchPath(route.path, pathname))?.title
      : undefined;
  return (
    <nav className="shell-breadcrumb" aria-label={t('common:breadcrumb.label')}>
      <ol>
        <li>
          <Link to="/dashboard">{t('common:breadcrumb.dashboard')}</Link>
        </li>
        {section && <li>{t(`common:nav.${section}`)}</li>}
        {trail.map((item) => (
          <li key={item.id}>
            {item.to && pathname !== item.to ? (
              <Link to={item.to}>{t(item.label)}</Link>
            ) : (
              <span aria-current={item.to ? 'page' : undefined}>{t(item.label)}</span>
            )}
          </li>
        ))}
        {title && (
          <li>
            <span aria-current="page">{t(title)}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
