import { describe, expect, it } from 'vitest';
import { AREAS, areaOfPath } from './areas';

describe('areas', () => {
  it('finds the area that owns a path by its longest prefix', () => {
    expect(areaOfPath('/auth/login/acme')?.name).toBe('mf-auth');
    expect(areaOfPath('/dashboard/company/members/list')?.name).toBe('mf-company');
    expect(areaOfPath('/dashboard/apps/elearnings/catalog/list')?.name).toBe('mf-elearnings');
    expect(areaOfPath('/dashboard/apps/templates')?.name).toBe('mf-start');
    expect(areaOfPath('/dashboard/companyx')).toBeUndefined();
    expect(areaOfPath('/elsewhere')).toBeUndefined();
  });

  it('has one remote per product area with unique names, scopes and ports', () => {
    expect(AREAS.map((area) => area.name).sort()).toEqual(
      ['mf-auth', 'mf-company', 'mf-elearnings', 'mf-profile', 'mf-risk-assessments', 'mf-start'].sort(),
    );
    expect(new Set(AREAS.map((area) => area.scope)).size).toBe(AREAS.length);
    expect(new Set(AREAS.map((area) => area.devPort)).size).toBe(AREAS.length);
  });
});
