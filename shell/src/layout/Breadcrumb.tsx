import type { NavItem } from '@dash/shared-ui';
import type { i18n as I18n } from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { useAreaStore } from '../federation/areaStore';
import { activeTrail, trailTo } from './navigation';

/**
 * The texts of `keys`, read again whenever texts arrive or the language changes. A page's title is in its area's
 * namespace, loaded with the page: it may arrive between the first render and the subscription, which an event
 * listener misses (the breadcrumb then showed the raw key). useSyncExternalStore compares the texts themselves once
 * subscribed, so a text that arrived meanwhile renders.
 */
function useTexts(i18n: I18n, keys: readonly string[]): string[] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.store.on('added', onChange);
      i18n.on('languageChanged', onChange);
      return () => {
        i18n.store.off('added', onChange);
        i18n.off('languageChanged', onChange);
      };
    },
    [i18n],
  );
  const joined = useSyncExternalStore(subscribe, () => keys.map((key) => i18n.t(key)).join('\u0000'));
  return joined.split('\u0000');
}

/** Starts at /dashboard, then the section and the sidebar entries down to the current page. */
export function Breadcrumb({ items }: { items: NavItem[] }) {
  const { i18n } = useTranslation();
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
  const [label = '', dashboard = '', sectionText = '', titleText = '', ...itemTexts] = useTexts(i18n, [
    'common:breadcrumb.label',
    'common:breadcrumb.dashboard',
    section ? `common:nav.${section}` : 'common:breadcrumb.dashboard',
    title ?? 'common:breadcrumb.dashboard',
    ...trail.map((item) => item.label),
  ]);
  return (
    <nav className="shell-breadcrumb" aria-label={label}>
      <ol>
        <li>
          <Link to="/dashboard">{dashboard}</Link>
        </li>
        {section && <li>{sectionText}</li>}
        {trail.map((item, index) => (
          <li key={item.id}>
            {item.to && pathname !== item.to ? (
              <Link to={item.to}>{itemTexts[index]}</Link>
            ) : (
              <span aria-current={item.to ? 'page' : undefined}>{itemTexts[index]}</span>
            )}
          </li>
        ))}
        {title && (
          <li>
            <span aria-current="page">{titleText}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
