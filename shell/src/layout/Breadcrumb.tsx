import type { NavItem } from '@dash/shared-ui';
import type { ReactOptions } from 'i18next';
import { type UseTranslationOptions, useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { useAreaStore } from '../federation/areaStore';
import { activeTrail, trailTo } from './navigation';

/**
 * Also re-rendered when an area's texts arrive (added to the store): a page's title is in its area's namespace,
 * loaded with the page. react-i18next reads bindI18nStore at run time; its hook options type leaves it out.
 */
const RERENDER_ON_NEW_TEXTS: UseTranslationOptions<undefined> & Pick<ReactOptions, 'bindI18nStore'> = {
  bindI18n: 'languageChanged',
  bindI18nStore: 'added',
};

/** Starts at /dashboard, then the section and the sidebar entries down to the current page. */
export function Breadcrumb({ items }: { items: NavItem[] }) {
  const { t } = useTranslation(undefined, RERENDER_ON_NEW_TEXTS);
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
