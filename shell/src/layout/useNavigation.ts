import { type NavItem, useAccess } from '@dash/shared-ui';
import { useMemo } from 'react';
import { useAreaStore } from '../federation/areaStore';
import { visibleItems } from './navigation';

/** Sidebar entries contributed by the loaded areas, filtered for whoever is signed in. */
export function useNavigation(): NavItem[] {
  const areas = useAreaStore((state) => state.areas);
  const access = useAccess();
  return useMemo(() => {
    const items = Object.values(areas).flatMap((entry) => entry.registration?.navigation ?? []);
    return visibleItems(items, access);
  }, [areas, access]);
}
