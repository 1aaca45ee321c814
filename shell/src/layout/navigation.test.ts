import { accessOfMember, type MemberState, type Role, type SignedInAccess } from '@dash/shared-core';
import { permissionsOf } from '@dash/shared-core/permissions';
import type { NavItem } from '@dash/shared-ui';
import { describe, expect, it } from 'vitest';
import { activeTrail, isActive, visibleItems } from './navigation';

function state(
  role: Role,
  flags: Partial<MemberState['featureFlags']> = {},
  calendar: string | null = null,
): SignedInAccess {
  return accessOfMember(memberState(role, flags, calendar));
}

function memberState(
  role: Role,
  flags: Partial<MemberState['featureFlags']> = {},
  calendar: string | null = null,
): MemberState {
  return {
    member: {
      uuid: '00000000-0000-4000-8000-000000000000',
      email: null,
      roleIdentifier: role,
      permissions: [...permissionsOf(role)],
    },
    memberDetails: {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: null,
      mobileNumber: null,
      specialAttributes: [],
      externalCompany: null,
      gender: 'd',
      birthDate: null,
      street: null,
      postalCode: null,
      city: null,
      country: null,
    },
    featureFlags: { elearnings: false, riskAssessments: false, templates: true, calendar: false, ...flags },
    externalCalendarHref: calendar,
    clientName: 'ACME',
    clientIdentifier: 'acme',
    offeredCountries: ['AT', 'DE'],
    support: null,
    accessVersion: 'v1',
  };
}

const items: NavItem[] = [
  {
    id: 'overview',
    section: 'start',
    label: 'overview',
    to: '/dashboard/start/overview',
    order: 1,
    match: { type: 'prefix' },
  },
  {
    id: 'elearnings',
    section: 'apps',
    label: 'elearnings',
    featureFlag: 'elearnings',
    order: 10,
    children: [
      {
        id: 'my',
        section: 'apps',
        label: 'my',
        to: '/dashboard/apps/elearnings/my-elearnings',
        permissions: ['elearning.read-member-tasks'],
        order: 1,
      },
      {
        id: 'catalog',
        section: 'apps',
        label: 'catalog',
        to: '/dashboard/apps/elearnings/catalog/list',
        permissions: ['elearning.read-catalog'],
        match: { type: 'segments', count: 4 },
        order: 2,
      },
    ],
  },
  {
    id: 'calendar',
    section: 'apps',
    label: 'calendar',
    to: '/dashboard/apps/calendar',
    permissions: ['calendar.show'],
    featureFlag: 'calendar',
    requiresCalendarLink: true,
    order: 40,
  },
  {
    id: 'members',
    section: 'company',
    label: 'members',
    order: 10,
    children: [
      {
        id: 'list',
        section: 'company',
        label: 'list',
        to: '/dashboard/company/members/list',
        permissions: ['member-list.get-list'],
        order: 1,
      },
      {
        id: 'archive',
        section: 'company',
        label: 'archive',
        to: '/dashboard/company/members/archive/list',
        permissions: ['archive-member.list'],
        order: 2,
      },
    ],
  },
];

const ids = (list: NavItem[]): string[] => list.flatMap((item) => [item.id, ...ids(item.children ?? [])]);

describe('sidebar visibility (spec section 2)', () => {
  it('shows nothing without a member state', () => {
    expect(visibleItems(items, null)).toEqual([]);
  });

  it('needs any one permission and, where a flag applies, the flag', () => {
    expect(ids(visibleItems(items, state('admin')))).toEqual(['overview', 'members', 'list', 'archive']);
    expect(ids(visibleItems(items, state('admin', { elearnings: true })))).toContain('catalog');
  });

  it('hides a group when no child is permitted', () => {
    expect(ids(visibleItems(items, state('member', { elearnings: true })))).toEqual(['overview', 'elearnings', 'my']);
    expect(ids(visibleItems(items, state('member')))).not.toContain('members');
  });

  it('shows the calendar only with the flag and an external calendar link', () => {
    expect(ids(visibleItems(items, state('member', { calendar: true })))).not.toContain('calendar');
    expect(ids(visibleItems(items, state('member', { calendar: true }, 'https://cal.example')))).toContain('calendar');
  });
});

describe('active item (exact, first N segments, prefix)', () => {
  const catalog = items[1]?.children?.[1] as NavItem;
  it('matches by the first N segments', () => {
    expect(isActive(catalog, '/dashboard/apps/elearnings/catalog/details/abc/settings')).toBe(true);
    expect(isActive(catalog, '/dashboard/apps/elearnings/my-elearnings')).toBe(false);
  });

  it('matches by prefix and exactly', () => {
    expect(isActive(items[0] as NavItem, '/dashboard/start/overview/elearnings')).toBe(true);
    expect(
      isActive({ ...(items[0] as NavItem), match: { type: 'exact' } }, '/dashboard/start/overview/elearnings'),
    ).toBe(false);
  });

  it('is active on its own path and, with a prefix path, on the pages below it', () => {
    const list: NavItem = {
      id: 'list',
      section: 'company',
      label: 'list',
      to: '/dashboard/company/members/list',
      match: { type: 'prefix', path: '/dashboard/company/members/details' },
      order: 1,
    };
    expect(isActive(list, '/dashboard/company/members/list')).toBe(true);
    expect(isActive(list, '/dashboard/company/members/details/abc/details')).toBe(true);
    expect(isActive(list, '/dashboard/company/members/archive/list')).toBe(false);
  });

  it('builds the breadcrumb trail down to the active child', () => {
    const trail = activeTrail(visibleItems(items, state('admin')), '/dashboard/company/members/list');
    expect(trail.map((item) => item.id)).toEqual(['members', 'list']);
  });
});
