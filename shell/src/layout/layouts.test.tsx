// @vitest-environment jsdom
import { i18n, type LicenseeConfig } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { cleanup, render as renderPlain, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthLayout } from './AuthLayout';
import { Footer } from './Footer';
import { EmptyLayout, PrintLayout } from './PlainLayouts';

const LICENSEE: LicenseeConfig = {
  licenseeIdentifier: 'safeguard',
  licenseeName: 'SafeGuard Partners',
  moodImageCopyright: '© Photo: Jane Doe',
  isWhitelabelPartner: false,
  images: { logo: '/api/file/licensee/logo/1/logo.svg', mood: '/api/file/licensee/mood/2/mood.svg' },
  theme: {
    light: { primary: '#0b3d2e', contrast: '#ffffff', highlight: null },
    dark: { primary: '#7fd1b9', contrast: '#000000', highlight: null },
  },
  footer: {
    licenseeLink: 'https://safeguard.example.com',
    legalNoticeLink: 'https://safeguard.example.com/legal',
    dataProtectionLink: null,
  },
  supportChatKey: null,
  supportChatScriptUrl: null,
  notificationFooterEmail: null,
  notificationFooterSms: null,
  externalCalendarHref: null,
};

/** Rendered as the shell renders: with its i18next instance (English test texts). */
function render(element: ReactElement) {
  const result = renderPlain(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  return {
    ...result,
    rerender: (next: ReactElement) => result.rerender(<I18nextProvider i18n={i18n}>{next}</I18nextProvider>),
  };
}

function withLicensee(changes: Partial<LicenseeConfig> = {}) {
  useSessionStore.setState({ licensee: { ...LICENSEE, ...changes } });
}

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  cleanup();
  useSessionStore.setState({ licensee: null });
});

describe('footer (spec section 2)', () => {
  it('shows the licensee name as a link, the legal notice and only the links the licensee has', () => {
    withLicensee();
    render(<Footer />);
    const footer = screen.getByTestId('footer');
    expect(within(footer).getByRole('link', { name: 'SafeGuard Partners' }).getAttribute('href')).toBe(
      'https://safeguard.example.com',
    );
    expect(within(footer).getByRole('link', { name: 'Legal notice' }).getAttribute('href')).toBe(
      'https://safeguard.example.com/legal',
    );
    expect(within(footer).queryByRole('link', { name: 'Data protection' })).toBeNull();
    expect(footer.textContent).not.toContain('©');
    expect(footer.textContent).not.toContain('partnership');
  });

  it('adds the copyright and the partner note for a white-label partner', () => {
    withLicensee({ isWhitelabelPartner: true });
    render(<Footer />);
    const footer = screen.getByTestId('footer');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} SafeGuard Partners`);
    expect(footer.textContent).toContain('Offered by SafeGuard Partners in partnership with Dashboard');
  });
});

describe('auth layout (spec section 2)', () => {
  function renderAuth() {
    const router = createMemoryRouter([
      { path: '/', element: <AuthLayout />, children: [{ index: true, element: <h1>Sign in</h1> }] },
    ]);
    return render(<RouterProvider router={router} />);
  }

  it('frames the page with the logo, the mood image with its copyright, and the footer', () => {
    withLicensee();
    const { container } = renderAuth();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByTestId('licensee-logo').getAttribute('src')).toBe(LICENSEE.images.logo);
    const mood = container.querySelector('.shell-auth__mood') as HTMLElement;
    expect(mood.style.backgroundImage).toContain('mood.svg');
    expect(within(mood).getByText('© Photo: Jane Doe')).toBeTruthy();
    expect(screen.getByTestId('footer')).toBeTruthy();
  });

  it('shows the licensee name without a logo, and no mood image or copyright without an image', () => {
    withLicensee({ images: { logo: null, mood: null } });
    const { container } = renderAuth();
    expect(screen.queryByTestId('licensee-logo')).toBeNull();
    expect(container.querySelector('.shell-auth__top')?.textContent).toContain('SafeGuard Partners');
    expect(container.querySelector('.shell-auth__mood')).toBeNull();
    expect(screen.queryByText('© Photo: Jane Doe')).toBeNull();
  });
});

describe('empty and print layouts (spec section 2)', () => {
  it('shows a page without header or sidebar, with the footer only when asked for', () => {
    withLicensee();
    const { rerender } = render(
      <EmptyLayout footer={false}>
        <p>Certificate check</p>
      </EmptyLayout>,
    );
    expect(screen.getByRole('main').textContent).toBe('Certificate check');
    expect(screen.queryByTestId('footer')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    rerender(
      <EmptyLayout footer>
        <p>Certificate check</p>
      </EmptyLayout>,
    );
    expect(screen.getByTestId('footer')).toBeTruthy();
  });

  it('prints on A4 in portrait or landscape, without the frame', () => {
    const { container, rerender } = render(
      <PrintLayout orientation="portrait">
        <p>Certificate</p>
      </PrintLayout>,
    );
    const main = screen.getByRole('main');
    expect(main.dataset.orientation).toBe('portrait');
    expect(main.className).toContain('shell-print--portrait');
    expect(container.querySelector('style')?.textContent).toContain('size: A4 portrait');
    rerender(
      <PrintLayout orientation="landscape">
        <p>Risk actions</p>
      </PrintLayout>,
    );
    expect(screen.getByRole('main').dataset.orientation).toBe('landscape');
    expect(container.querySelector('style')?.textContent).toContain('size: A4 landscape');
    expect(screen.queryByTestId('footer')).toBeNull();
  });
});
