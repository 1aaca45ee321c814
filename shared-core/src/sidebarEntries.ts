import type { NavItem, SidebarSection } from './sidebar';

/** The sidebar's sections, top to bottom. */
export const SIDEBAR_SECTIONS: readonly SidebarSection[] = ['start', 'apps', 'company', 'licensee'];

import declaration from './sidebar.json' with { type: 'json' };

/**
 * The sidebar's entries of each area, by area name (`@dash/shared-core/sidebar-entries`). Only the signed-in frame
 * imports this entry, so the entries stay out of what the sign-in page downloads. JSON gives permissions, flags and
 * sections as plain strings: areas.declaration.test.ts checks them against the lists.
 */
export const SIDEBAR_ENTRIES: Readonly<Record<string, readonly NavItem[]>> = declaration.areas as Record<
  string,
  readonly NavItem[]
>;
