import type { NavItem } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { useAreaStore } from '../federation/areaStore';
import { activeTrail, trailTo } from './navigation';

/** Starts at /dashboard, then the section and the sidebar entries down to the current page. */
export function Breadcrumb({ items }: { items: NavItem[] }) {
  // Also re-rendered when an area's texts arrive: a page's title is in its area's namespace, loaded with the page.
  const { t } = useTranslation(undefined, { bindI18n: 'languageChanged', bindI18nStore: 'added' });
  const { pathname } = useLocation();
  const areas = useAreaStore((state) => state.areas);
  const activeItems = activeTrail(items, pathname);
  // Pages without a sidebar entry (the profile, an execution page, the member import) name themselves through their
  // route, under the sidebar entry they belong to.
  const route =
    activeItems.length === 0
      ? Object.values(areas)
          .flatMap((entry) => entry.registration?.routes ?? [])
          .find((candidate) => candidate.title && matchPath(candidate.path, pathname))
      : undefined;
  const trail = route?.breadcrumbParent ? trailTo(items, route.breadcrumbParent) : activeItems;
  const section = trail[0]?.section;
  const title = route?.title;
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
