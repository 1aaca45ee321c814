// @vitest-environment jsdom
import type { MemberState } from '@dash/shared-core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/sessionStore';
import { Tabs } from './Tabs';

function signIn(permissions: string[]) {
  useSessionStore.getState().signedIn({
    member: { uuid: 'm', email: 'm@example.com', roleIdentifier: 'admin', permissions },
  } as unknown as MemberState);
}

afterEach(() => {
  cleanup();
  useSessionStore.getState().signedOut();
});

describe('Tabs', () => {
  it('fills :name path parameters, marks the active tab and leaves out tabs without permission', () => {
    signIn(['member-list.memberdetails']);
    render(
      <MemoryRouter initialEntries={['/company/members/details/a%2Fb/org-units']}>
        <Tabs
          label="Member"
          pattern="/company/members/details/:uuid/:tabId"
          params={{ uuid: 'a/b' }}
          tabs={[
            { id: 'details', label: 'Details' },
            { id: 'org-units', label: 'Org units', permissions: ['member-list.memberdetails'] },
            { id: 'archive', label: 'Archive', permissions: ['archive-member.list'] },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation', { name: 'Member' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/company/members/details/a%2Fb/details',
    );
    expect(screen.getByRole('link', { name: 'Org units' }).className).toContain('is-active');
    expect(screen.getByRole('link', { name: 'Org units' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Archive' })).toBeNull();
  });

  it('shows only tabs without permissions when signed out', () => {
    render(
      <MemoryRouter>
        <Tabs
          label="Member"
          pattern="/x/:tabId"
          params={{}}
          tabs={[
            { id: 'a', label: 'A' },
            { id: 'b', label: 'B', permissions: ['member-list.memberdetails'] },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['A']);
  });
});
