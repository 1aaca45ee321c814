import { areaOfPath } from '@dash/shared-core';
import { Spinner, useAccess } from '@dash/shared-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Forbidden } from '../app/Forbidden';
import { canOpenArea, useAreaStore } from '../federation/areaStore';
import { NotFoundPage } from './NotFoundPage';
import { RemoteErrorPanel } from './RemoteErrorPanel';

/**
 * A path inside an area whose routes are not known yet: loads the area (when the member may open it),
 * shows an error with a retry when it cannot be loaded, and "not found" when the area has no such page.
 * An area the member may not open is a permission-restricted route: the route guard's error toast, not "not found".
 */
export function AreaFallback() {
  const { pathname } = useLocation();
  const { t } = useTranslation('common');
  const access = useAccess();
  const area = areaOfPath(pathname);
  const entry = useAreaStore((state) => (area ? state.areas[area.name] : undefined));
  const ensure = useAreaStore((state) => state.ensure);
  const retry = useAreaStore((state) => state.retry);
  const allowed = area ? canOpenArea(area, access) : false;

  useEffect(() => {
    if (area && allowed) void ensure(area.name);
  }, [area, allowed, ensure]);

  if (!area) return <NotFoundPage />;
  if (!allowed) return <Forbidden />;
  if (!entry || entry.status === 'idle' || entry.status === 'loading') return <Spinner />;
  if (entry.status === 'error') {
    return (
      <RemoteErrorPanel
        area={t(area.titleKey)}
        incompatible={entry.incompatible}
        onRetry={() => void retry(area.name)}
      />
    );
  }
  return <NotFoundPage />;
}
