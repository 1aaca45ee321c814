import type { FeatureFlag, NamespaceLoader, Permission } from '@dash/shared-core';
import type { ComponentType } from 'react';

/**
 * What a remote hands the shell when one of its pages opens: its routes (lazy) and its translations (lazy, per
 * language); its sidebar entries are declared in shared-core's sidebar.json. Each remote exposes `./register` whose default export
 * returns this; the shell owns the one router.
 */
export interface AreaRegistration {
  /** The area's name as in shared-core AREAS (e.g. `mf-company`). */
  area: string;
  /** i18next namespace of the area's own texts. */
  namespace: string;
  /**
   * The namespace's texts in one language, each language a chunk of its own (`import()` of its JSON): a page
   * downloads only the language it shows.
   */
  loadTranslations: NamespaceLoader;
  routes: AreaRoute[];
}

export type PageLayout = 'dashboard' | 'auth' | 'empty' | 'print';

export interface AreaRoute {
  /** Full path pattern, e.g. `/dashboard/company/members/details/:uuid/:tabId`. */
  path: string;
  /** Absent: the route is known but not built yet and shows the shell's not-found page. */
  load?: () => Promise<{ default: ComponentType }>;
  /** Any one suffices (spec section 6). Entering without shows an error toast (route guard). */
  permissions?: Permission[];
  featureFlag?: FeatureFlag;
  layout?: PageLayout;
  /** Translation key of the page's name, for the breadcrumb of pages that have no sidebar entry. */
  title?: string;
  /**
   * The id of the sidebar entry a page without one of its own belongs under (an execution page under "My analyses"):
   * its breadcrumb shows that entry's trail, then `title`.
   */
  breadcrumbParent?: string;
  /** Print layout only: paper orientation. */
  orientation?: 'portrait' | 'landscape';
  /** Empty layout only: show the licensee footer. */
  footer?: boolean;
  /** The support chat widget stays off on this page (certificate, risk-action export list). */
  hideSupportChat?: boolean;
}

/** Sidebar entries are declared by area in shared-core's sidebar.json (see sidebar.ts). */
export type { ActiveMatch, NavItem } from '@dash/shared-core';

export type RegisterArea = () => AreaRegistration;
