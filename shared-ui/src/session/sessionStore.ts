import type { LicenseeConfig, MemberState, ProfileSetting } from '@dash/shared-core';
import { type FeatureFlag, hasAnyPermission, type Permission } from '@dash/shared-core';
import { create } from 'zustand';
import { devtools } from 'zustand/middleware';
import { devtoolsOptions } from '../state/devtoolsOptions';
import { keepCompanyOfSession, readRememberedCompany, writeRememberedCompany } from './rememberedCompany';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  memberState: MemberState | null;
  settings: ProfileSetting | null;
  licensee: LicenseeConfig | null;
  setLicensee(licensee: LicenseeConfig): void;
  /** Also remembers the session's company ID on this device, unless the member chose not to be remembered. */
  signedIn(memberState: MemberState): void;
  setSettings(settings: ProfileSetting): void;
  signedOut(): void;
  /** Installed by the shell: loads the member state again (after sign-in) and answers it, or null when signed out. */
  reload(): Promise<MemberState | null>;
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
      settings: null,
      licensee: null,
      setLicensee: (licensee) => set({ licensee }, false, 'setLicensee'),
      signedIn: (memberState) => {
        keepCompanyOfSession(memberState.clientIdentifier);
        set({ status: 'authenticated', memberState }, false, 'signedIn');
      },
      setSettings: (settings) => set({ settings }, false, 'setSettings'),
      signedOut: () => set({ status: 'anonymous', memberState: null, settings: null }, false, 'signedOut'),
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

export function useLicensee(): LicenseeConfig | null {
  return useSessionStore((state) => state.licensee);
}

/** True when the member holds any one of the permissions and, where given, the flag is on. */
export function useCan(): (permissions?: readonly Permission[], featureFlag?: FeatureFlag) => boolean {
  const memberState = useMemberState();
  return (permissions, featureFlag) => {
    if (!memberState) return false;
    if (featureFlag && !memberState.featureFlags[featureFlag]) return false;
    return hasAnyPermission(memberState.member.permissions, permissions);
  };
}
