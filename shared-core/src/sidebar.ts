import type { FeatureFlag } from './featureFlags';
import type { Permission } from './permissions';

/** A section of the sidebar; `licensee` is the licensee console's own (licensee staff only). */
export type SidebarSection = 'start' | 'apps' | 'company' | 'licensee';

/**
 * How the sidebar decides which item is active (spec: exact path, first N segments, or prefix).
 * An item is always active on its own path; `prefix` compares with `path` when given, else with the item's link.
 */
export type ActiveMatch = { type: 'exact' } | { type: 'segments'; count: number } | { type: 'prefix'; path?: string };

/**
 * One sidebar entry. Declared by area in sidebar.json, so that the shell draws the sidebar without downloading any
 * area: an area's code arrives only when one of its pages is opened (or its entry is pointed at).
 */
export interface NavItem {
  id: string;
  section: SidebarSection;
  /** Translation key in the common texts (`common:nav.*`): the sidebar is drawn before any area's texts load. */
  label: string;
  to?: string;
  permissions?: Permission[];
  featureFlag?: FeatureFlag;
  /** The calendar entry also needs an external calendar link. */
  requiresCalendarLink?: boolean;
  match?: ActiveMatch;
  order: number;
  children?: NavItem[];
}
