import { type NavItem, useMemberState } from '@dash/shared-ui';
import { useMemo } from 'react';
import { useAreaStore } from '../federation/areaStore';
import { visibleItems } from './navigation';

/** Sidebar entries contributed by the loaded areas, filtered for the signed-in member. */
export function useNavigation(): NavItem[] {
  const areas = useAreaStore((state) => state.areas);
  const memberState = useMemberState();
  return useMemo(() => {
    const items = Object.values(areas).flatMap((entry) => entry.registration?.navigation ?? []);
    return visibleItems(items, memberState);
  }, [areas, memberState]);
}
