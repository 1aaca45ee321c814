import { areaOfPath, FEATURE_FLAGS, type FeatureFlag, i18n } from '@dash/shared-core';
import { matchPath, showToast, useHomePage, useLocation, useNavigate, useSessionStore } from '@dash/shared-ui';
import { useEffect, useRef } from 'react';
import { useAreaStore } from '../federation/areaStore';
import { heartbeatOnNavigation } from './session';

/** The flag a page needs: its route's own, else its area's. */
function flagOfPage(pathname: string): FeatureFlag | undefined {
  const area = areaOfPath(pathname);
  if (!area) return undefined;
  const routes = useAreaStore.getState().areas[area.name]?.registration?.routes ?? [];
  const route = routes.find((candidate) => matchPath(candidate.path, pathname));
  return route?.featureFlag ?? area.featureFlag;
}

/**
 * A signed-in page follows the licensee's switches without signing in again: each navigation asks the heartbeat
 * (what the member may open now); an area switched off is named in a notice and, when it is the page shown, the
 * start page replaces it. An area switched on simply appears in the sidebar (the session store drives it).
 */
export function AccessChangeNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const home = useHomePage();
  const where = useRef({ pathname: location.pathname, home });
  where.current = { pathname: location.pathname, home };

  const { pathname } = location;
  useEffect(() => {
    // Each new page (the path is what changed) asks whether the member may still open what he sees.
    heartbeatOnNavigation(pathname);
  }, [pathname]);

  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        const before = previous.access;
        const now = state.access;
        if (!before || !now || before.audience !== 'member' || now.audience !== 'member') return;
        const off = FEATURE_FLAGS.filter((flag) => before.featureFlags[flag] && !now.featureFlags[flag]);
        if (off.length === 0) return;
        for (const flag of off) {
          showToast({
            type: 'warning',
            title: i18n.t('access.changedTitle'),
            message: i18n.t('access.areaSwitchedOff', { area: i18n.t(`nav.${flag}`) }),
          });
        }
        const needed = flagOfPage(where.current.pathname);
        if (needed && off.includes(needed)) navigate(where.current.home, { replace: true });
      }),
    [navigate],
  );
  return null;
}
