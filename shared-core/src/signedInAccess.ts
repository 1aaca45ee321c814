import type { Audience } from './areas';
import type { LicenseeState, MemberState } from './contract';
import type { FeatureFlag } from './featureFlags';
import { LICENSEE_START_PAGE, START_PAGE } from './startPage';

/**
 * What the shell needs to decide what a signed-in person may open, whichever kind of session it is: a client's
 * member (member state) or a licensee's staff member (licensee state). Areas, routes, sidebar entries, tabs and
 * actions are checked against this, never against one kind's state directly.
 */
export interface SignedInAccess {
  audience: Audience;
  permissions: readonly string[];
  /** The client's switches; licensee staff have none (an entry behind a flag never shows to them). */
  featureFlags: Partial<Record<FeatureFlag, boolean>>;
  externalCalendarHref: string | null;
}

export function accessOfMember(state: MemberState): SignedInAccess {
  return {
    audience: 'member',
    permissions: state.member.permissions,
    featureFlags: state.featureFlags,
    externalCalendarHref: state.externalCalendarHref,
  };
}

export function accessOfLicensee(state: LicenseeState): SignedInAccess {
  return { audience: 'licensee', permissions: state.staff.permissions, featureFlags: {}, externalCalendarHref: null };
}

/** The page after sign-in and the home of the header's logo, per kind of session. */
export function homePageOf(audience: Audience | null | undefined): string {
  return audience === 'licensee' ? LICENSEE_START_PAGE : START_PAGE;
}

/** The sign-in page of each kind of session. */
export function signInPageOf(audience: Audience | null | undefined): string {
  return audience === 'licensee' ? '/auth/licensee' : '/auth/login';
}
