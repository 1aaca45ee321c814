// @vitest-environment jsdom
import type { MemberState } from '@dash/shared-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from './sessionStore';

function memberStateOf(clientIdentifier: string): MemberState {
  return { clientIdentifier } as MemberState;
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
