import { AREAS } from '@dash/shared-core';
import { SIDEBAR_ENTRIES } from '@dash/shared-core/sidebar-entries';
import { type NavItem, useAccess } from '@dash/shared-ui';
import { useMemo } from 'react';
import { canOpenArea } from '../federation/areaStore';
import { visibleItems } from './navigation';

/**
 * The sidebar entries of the areas the signed-in person may open, filtered entry by entry. Declared in shared-core's
 * sidebar.json: drawing the sidebar downloads no area.
 */
export function useNavigation(): NavItem[] {
  const access = useAccess();
  return useMemo(() => {
    const items = AREAS.filter((area) => canOpenArea(area, access)).flatMap((area) => SIDEBAR_ENTRIES[area.name] ?? []);
    return visibleItems(items, access);
  }, [access]);
}
