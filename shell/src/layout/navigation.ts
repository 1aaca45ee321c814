import { type ActiveMatch, hasAnyPermission, type NavItem, type SignedInAccess } from '@dash/shared-core';

/** Spec section 2: an entry shows with any one of its permissions and its flag on; a group only with a visible child. */
export function visibleItems(items: NavItem[], state: SignedInAccess | null): NavItem[] {
  if (!state) return [];
  const result: NavItem[] = [];
  for (const item of [...items].sort((a, b) => a.order - b.order)) {
    if (item.featureFlag && !state.featureFlags[item.featureFlag]) continue;
    if (item.requiresCalendarLink && !state.externalCalendarHref) continue;
    if (item.children) {
      const children = visibleItems(item.children, state);
      if (children.length === 0) continue;
      if (!hasAnyPermission(state.permissions, item.permissions)) continue;
      result.push({ ...item, children });
    } else if (hasAnyPermission(state.permissions, item.permissions)) {
      result.push(item);
    }
  }
  return result;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Active by exact path, by the first N path segments, or by prefix (default: first N segments of `to`). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (!item.to) return item.children?.some((child) => isActive(child, pathname)) ?? false;
  if (pathname === item.to) return true;
  const match: ActiveMatch = item.match ?? { type: 'segments', count: segments(item.to).length };
  switch (match.type) {
    case 'exact':
      return pathname === item.to;
    case 'prefix': {
      const prefix = match.path ?? item.to;
      return pathname === prefix || pathname.startsWith(`${prefix}/`);
    }
    case 'segments': {
      const wanted = segments(item.to).slice(0, match.count);
      const actual = segments(pathname).slice(0, match.count);
      return wanted.length === actual.length && wanted.every((segment, index) => segment === actual[index]);
    }
  }
}

/** The trail of visible items down to the active one (for the breadcrumb). */
export function activeTrail(items: NavItem[], pathname: string): NavItem[] {
  for (const item of items) {
    if (item.children) {
      const child = activeTrail(item.children, pathname);
      if (child.length > 0) return [item, ...child];
    } else if (isActive(item, pathname)) {
      return [item];
    }
  }
  return [];
}

/** The trail of visible items down to the item with this id; empty when it is not visible (for the breadcrumb). */
export function trailTo(items: NavItem[], id: string): NavItem[] {
  for (const item of items) {
    if (item.id === id) return [item];
    if (item.children) {
      const child = trailTo(item.children, id);
      if (child.length > 0) return [item, ...child];
    }
  }
  return [];
}
