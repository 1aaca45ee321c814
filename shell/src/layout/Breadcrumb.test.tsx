// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import type { AreaRegistration, NavItem } from '@dash/shared-ui';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAreaStore } from '../federation/areaStore';
import { Breadcrumb } from './Breadcrumb';

const MY_ANALYSES: NavItem = {
  id: 'apps-risk-assessments-my',
  section: 'apps',
  label: 'My analyses',
  to: '/dashboard/apps/risk-assessments/my-analyses',
  order: 1,
};
const ITEMS: NavItem[] = [
  { id: 'apps-risk-assessments', section: 'apps', label: 'Risk assessments', order: 20, children: [MY_ANALYSES] },
];

const REGISTRATION: AreaRegistration = {
  area: 'mf-risk-assessments',
  namespace: 'riskAssessments',
  loadTranslations: async () => ({}),
  routes: [
    {
      path: '/dashboard/apps/risk-assessments/execution/:executionUuid',
      title: 'Analysis',
      breadcrumbParent: 'apps-risk-assessments-my',
    },
    { path: '/dashboard/profile/:tabId', title: 'Profile' },
  ],
};

function renderAt(pathname: string) {
  const router = createMemoryRouter([{ path: '*', element: <Breadcrumb items={ITEMS} /> }], {
    initialEntries: [pathname],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

beforeAll(async () => {
  await initTestI18n();
  useAreaStore.setState({ areas: { 'mf-risk-assessments': { status: 'ready', registration: REGISTRATION } } });
});

afterEach(() => {
  cleanup();
});

describe('breadcrumb', () => {
  it('a page without a sidebar entry shows the trail of the entry it belongs under, then its own name', () => {
    const trail = renderAt('/dashboard/apps/risk-assessments/execution/0d2c8d5e-3d5f-4d0e-9c1e-1f0b8b1c2d3e');
    expect(trail.slice(2)).toEqual(['Risk assessments', 'My analyses', 'Analysis']);
    expect(screen.getByRole('link', { name: 'My analyses' })).toHaveProperty(
      'href',
      expect.stringContaining('/dashboard/apps/risk-assessments/my-analyses'),
    );
    expect(screen.getByText('Analysis').getAttribute('aria-current')).toBe('page');
  });

  it('a page with a sidebar entry shows the entry; a page with only a title shows the title', () => {
    expect(renderAt('/dashboard/apps/risk-assessments/my-analyses').slice(2)).toEqual([
      'Risk assessments',
      'My analyses',
    ]);
    cleanup();
    expect(renderAt('/dashboard/profile/settings').slice(1)).toEqual(['Profile']);
  });
});
