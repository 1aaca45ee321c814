import { describe, expect, it } from 'vitest';
import {
  hasAnyPermission,
  LICENSEE_PERMISSIONS,
  LICENSEE_ROLES,
  PERMISSIONS,
  PLACEHOLDER_PERMISSION,
  permissionsOf,
  permissionsOfLicenseeRole,
  ROLES,
} from './permissions';

describe('permissions', () => {
  it('passes when any one of the required permissions is held', () => {
    expect(hasAnyPermission(['a', 'member-list.get-list'], ['archive-member.list', 'member-list.get-list'])).toBe(true);
    expect(hasAnyPermission(['a'], ['archive-member.list'])).toBe(false);
  });

  it('passes when nothing is required', () => {
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission([], undefined)).toBe(true);
  });

  it('always adds the placeholder permission', () => {
    for (const role of ROLES) expect(permissionsOf(role)).toContain(PLACEHOLDER_PERMISSION);
  });

  it('gives super-admin everything and admin everything but the company configuration', () => {
    expect(new Set(permissionsOf('super-admin'))).toEqual(new Set(PERMISSIONS));
    // Administrators manage the company's master data; the configuration (support login, calendar) is not theirs.
    expect(permissionsOf('admin')).toContain('clientdetails.read-details');
    expect(permissionsOf('admin')).toContain('clientdetails.update-details');
    expect(permissionsOf('admin')).not.toContain('clientdetails.read-configuration');
    expect(permissionsOf('admin')).not.toContain('clientdetails.update-configuration');
    expect(permissionsOf('user')).not.toContain('clientdetails.update-configuration');
    expect(permissionsOf('admin')).toContain('member-list.get-list');
  });

  it('keeps members to their own tasks and profile', () => {
    const member = permissionsOf('member');
    expect(member).toContain('elearning.read-member-tasks');
    expect(member).toContain('profile.read-member-profile');
    expect(member).not.toContain('member-list.get-list');
    expect(member).not.toContain('elearning.read-catalog');
  });

  it('lets loc-admins see locations and ou-admins their org units, each with member rights', () => {
    expect(permissionsOf('loc-admin')).toEqual(
      expect.arrayContaining(['location.location-list', 'profile.change-password']),
    );
    expect(permissionsOf('loc-admin')).not.toContain('member-list.get-list');
    // Instructions for his locations (the server scopes them); no catalogue.
    expect(permissionsOf('loc-admin')).toEqual(expect.arrayContaining(['instruction.read-list', 'instruction.record']));
    expect(permissionsOf('loc-admin')).not.toContain('elearning.read-catalog');
    expect(permissionsOf('ou-admin')).toEqual(
      expect.arrayContaining(['org-unit.org-unit-list', 'member-list.get-list']),
    );
    expect(permissionsOf('ou-admin')).not.toContain('archive-member.list');
  });

  it('lets a customer adviser act with admin rights, without the own-account parts of the member his session rides on', () => {
    const own = [
      'elearning.read-member-tasks',
      'instruction.read-member-tasks',
      'risk-assessment.read-member-tasks',
      'profile.read-member-profile',
      'profile.update-member-profile',
      'profile.read-org-unit-list',
      'profile.change-password',
      'profile.change-username',
      'profile.read-profile-setting',
    ];
    const support = new Set(permissionsOf('user'));
    expect(support).toEqual(new Set(permissionsOf('admin').filter((permission) => !own.includes(permission))));
    for (const permission of own) expect(support.has(permission as never), permission).toBe(false);
  });

  it('keeps licensee staff and members apart: no member role holds a licensee permission, nor the other way round', () => {
    for (const role of ROLES) {
      for (const permission of LICENSEE_PERMISSIONS) expect(permissionsOf(role), role).not.toContain(permission);
    }
    for (const role of LICENSEE_ROLES) {
      for (const permission of permissionsOfLicenseeRole(role)) expect(LICENSEE_PERMISSIONS).toContain(permission);
      expect(permissionsOfLicenseeRole(role)).toContain('licensee.read-console');
    }
    expect(permissionsOfLicenseeRole('support-adviser')).not.toContain('licensee.client-update');
    expect(new Set(permissionsOfLicenseeRole('licensee-admin'))).toEqual(new Set(LICENSEE_PERMISSIONS));
  });
});
