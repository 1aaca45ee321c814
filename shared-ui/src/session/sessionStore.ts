import type { Audience, LicenseeConfig, LicenseeState, MemberState, ProfileSetting } from '@dash/shared-core';
import {
  accessOfLicensee,
  accessOfMember,
  type FeatureFlag,
  hasAnyPermission,
  homePageOf,
  type Permission,
  type SignedInAccess,
} from '@dash/shared-core';
import { create } from 'zustand';
import { devtools, devtoolsOptions } from '../state/devtoolsOptions';
import { keepCompanyOfSession, readRememberedCompany, writeRememberedCompany } from './rememberedCompany';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  /** A client member's state; null for licensee staff. */
  memberState: MemberState | null;
  /** A licensee staff member's state (licensee console); null for a client's member. */
  licenseeState: LicenseeState | null;
  /** What the signed-in person may open, whichever kind of session (null when signed out). */
  access: SignedInAccess | null;
  settings: ProfileSetting | null;
  licensee: LicenseeConfig | null;
  setLicensee(licensee: LicenseeConfig): void;
  /** Also remembers the session's company ID on this device, unless the member chose not to be remembered. */
  signedIn(memberState: MemberState): void;
  /** A licensee staff member signed in (licensee console). */
  licenseeSignedIn(licenseeState: LicenseeState): void;
  setSettings(settings: ProfileSetting): void;
  signedOut(): void;
  /**
   * Installed by the shell: loads the state of the session again (after sign-in: `audience` says which kind was
   * signed in; default the kind signed in now, else a member) and answers the member state, or null when signed out
   * or signed in as licensee staff.
   */
  reload(audience?: Audience): Promise<MemberState | null>;
  /** Installed by the shell: ends the session and goes to the sign-in page. */
  logout(): Promise<void>;
  /** The company ID remembered on this device for the sign-in page, or null. */
  rememberedCompany(): string | null;
  /** The member's choice on the sign-in page: remember this company ID, or (null) none, also after later sign-ins. */
  rememberCompany(clientIdentifier: string | null): void;
}

/** The session, owned by the shell and read by every remote (shared-ui is a federation singleton). */
export const useSessionStore = create<SessionState>()(
  devtools(
    (set) => ({
      status: 'unknown',
      memberState: null,
      licenseeState: null,
      access: null,
      settings: null,
      licensee: null,
      setLicensee: (licensee) => set({ licensee }, false, 'setLicensee'),
      signedIn: (memberState) => {
        keepCompanyOfSession(memberState.clientIdentifier);
        set(
          { status: 'authenticated', memberState, licenseeState: null, access: accessOfMember(memberState) },
          false,
          'signedIn',
        );
      },
      licenseeSignedIn: (licenseeState) =>
        set(
          {
            status: 'authenticated',
            memberState: null,
            licenseeState,
            access: accessOfLicensee(licenseeState),
            settings: null,
          },
          false,
          'licenseeSignedIn',
        ),
      setSettings: (settings) => set({ settings }, false, 'setSettings'),
      signedOut: () =>
        set(
          { status: 'anonymous', memberState: null, licenseeState: null, access: null, settings: null },
          false,
          'signedOut',
        ),
      reload: async () => null,
      logout: async () => undefined,
      rememberedCompany: readRememberedCompany,
      rememberCompany: writeRememberedCompany,
    }),
    devtoolsOptions('session'),
  ),
);

export function useMemberState(): MemberState | null {
  return useSessionStore((state) => state.memberState);
}

export function useLicenseeState(): LicenseeState | null {
  return useSessionStore((state) => state.licenseeState);
}

export function useAccess(): SignedInAccess | null {
  return useSessionStore((state) => state.access);
}

/** The home page of whoever is signed in (start page, or the licensee console's for licensee staff). */
export function useHomePage(): string {
  return useSessionStore((state) => homePageOf(state.access?.audience));
}

export function useLicensee(): LicenseeConfig | null {
  return useSessionStore((state) => state.licensee);
}

/** True when the signed-in person holds any one of the permissions and, where given, the client's flag is on. */
export function useCan(): (permissions?: readonly Permission[], featureFlag?: FeatureFlag) => boolean {
  const access = useAccess();
  return (permissions, featureFlag) => {
    if (!access) return false;
    if (featureFlag && !access.featureFlags[featureFlag]) return false;
    return hasAnyPermission(access.permissions, permissions);
  };
}
