// @vitest-environment jsdom
import { i18n, type LicenseeState, type MemberState } from '@dash/shared-core';
import { PageHeader, useSessionStore } from '@dash/shared-ui';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Header } from './Header';

function signIn(permissions: string[]) {
  useSessionStore.getState().signedIn({
    member: { uuid: 'm', email: 'arne@acme.example', roleIdentifier: 'admin', permissions },
    memberDetails: { firstName: 'Arne', lastName: 'Adler' },
    clientName: 'ACME Sicherheit GmbH',
    featureFlags: {},
  } as unknown as MemberState);
}

function renderHeader(onToggleSidebar = () => undefined, sidebarOpen = false) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Header sidebarOpen={sidebarOpen} onToggleSidebar={onToggleSidebar} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  cleanup();
  useSessionStore.getState().signedOut();
  useSessionStore.setState({ licensee: null });
});

describe('header (spec section 2)', () => {
  it("shows a licensee staff member's name, role and licensee, the logo linking to the licensee console", () => {
    useSessionStore.getState().licenseeSignedIn({
      staff: { firstName: 'Lena', lastName: 'Lizenz', roleIdentifier: 'licensee-admin', permissions: [] },
      licensee: { identifier: 'dashboard', name: 'Dashboard' },
    } as unknown as LicenseeState);
    renderHeader();
    expect(screen.getByTestId('header-role').textContent).toBe('Licensee administrator');
    expect(screen.getByTestId('header-name').textContent).toBe('Lena Lizenz');
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.queryByTestId('profile-link')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe(
      '/dashboard/licensee/clients',
    );
  });

  it('shows role, client, initials and name, the logo linking to the base route, and signs out', () => {
    const logout = vi.fn(async () => undefined);
    useSessionStore.setState({ logout });
    signIn(['profile.read-member-profile']);
    renderHeader();
    expect(screen.getByTestId('header-role').textContent).toBe('Administrator');
    expect(screen.getByText('ACME Sicherheit GmbH')).toBeTruthy();
    expect(screen.getByText('AA')).toBeTruthy();
    expect(screen.getByTestId('header-name').textContent).toBe('Arne Adler');
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe(
      '/dashboard/start/overview',
    );
    fireEvent.click(screen.getByTestId('logout'));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('links to the profile only with the read-member-profile permission', () => {
    signIn(['profile.read-member-profile']);
    renderHeader();
    expect(screen.getByTestId('profile-link').getAttribute('href')).toBe('/dashboard/profile/details');
    cleanup();
    signIn([]);
    renderHeader();
    expect(screen.queryByTestId('profile-link')).toBeNull();
    expect(screen.getByTestId('header-name').textContent).toBe('Arne Adler');
  });

  it('toggles the sidebar on small screens', () => {
    signIn([]);
    const toggle = vi.fn();
    renderHeader(toggle, true);
    const button = screen.getByRole('button', { name: 'Show or hide navigation' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe('shell-sidebar');
    fireEvent.click(button);
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while nobody is signed in', () => {
    const { container } = renderHeader();
    expect(container.innerHTML).toBe('');
  });
});

describe('page headline (spec section 2)', () => {
  it('shows the headline with an optional link above it', () => {
    const { rerender } = render(
      <MemoryRouter>
        <PageHeader title="Member details" link={{ to: '/dashboard/company/members/list', label: 'Members' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Member details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '‹ Members' }).getAttribute('href')).toBe(
      '/dashboard/company/members/list',
    );
    rerender(
      <MemoryRouter>
        <PageHeader title="Overview" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
