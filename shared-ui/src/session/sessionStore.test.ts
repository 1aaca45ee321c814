// @vitest-environment jsdom
import type { LicenseeState, MemberState } from '@dash/shared-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from './sessionStore';

function memberStateOf(clientIdentifier: string): MemberState {
  return {
    clientIdentifier,
    member: { permissions: ['dashboard.signed-in'] },
    featureFlags: { elearnings: true, riskAssessments: false, templates: true, calendar: false },
    externalCalendarHref: null,
  } as unknown as MemberState;
}

describe('the remembered company ID', () => {
  beforeEach(() => window.localStorage.clear());

  it('is remembered when the member ticks "remember", and after any sign-in', () => {
    const store = useSessionStore.getState();
    expect(store.rememberedCompany()).toBeNull();
    store.rememberCompany('acme');
    expect(store.rememberedCompany()).toBe('acme');
    // A sign-in elsewhere (support link, password reset) remembers its company.
    store.signedIn(memberStateOf('globex'));
    expect(store.rememberedCompany()).toBe('globex');
  });

  it('stays forgotten after later sign-ins when the member chose not to be remembered', () => {
    const store = useSessionStore.getState();
    store.rememberCompany('acme');
    store.rememberCompany(null);
    expect(store.rememberedCompany()).toBeNull();
    store.signedIn(memberStateOf('acme'));
    expect(store.rememberedCompany()).toBeNull();
    // Ticking the box again on the sign-in page ends that choice.
    store.rememberCompany('acme');
    store.signedIn(memberStateOf('globex'));
    expect(store.rememberedCompany()).toBe('globex');
  });
});

describe('the kind of session', () => {
  it("gives a licensee staff member the licensee's access and no member state, and a member the member's", () => {
    const store = useSessionStore.getState();
    store.signedIn(memberStateOf('acme'));
    expect(useSessionStore.getState().access).toMatchObject({ audience: 'member', featureFlags: { elearnings: true } });
    const licenseeState = {
      staff: { permissions: ['licensee.read-console'] },
      licensee: { identifier: 'dashboard', name: 'Dashboard' },
    } as unknown as LicenseeState;
    store.licenseeSignedIn(licenseeState);
    const after = useSessionStore.getState();
    expect(after.memberState).toBeNull();
    expect(after.licenseeState).toBe(licenseeState);
    expect(after.access).toEqual({
      audience: 'licensee',
      permissions: ['licensee.read-console'],
      featureFlags: {},
      externalCalendarHref: null,
    });
    store.signedOut();
    expect(useSessionStore.getState()).toMatchObject({ access: null, licenseeState: null, memberState: null });
  });
});
