import { describe, expect, it } from 'vitest';
import { areaOfPath } from './areas';

describe('areas', () => {
  it('finds the area that owns a path by its longest prefix', () => {
    expect(areaOfPath('/auth/login/acme')?.name).toBe('mf-auth');
    expect(areaOfPath('/dashboard/company/members/list')?.name).toBe('mf-company');
    expect(areaOfPath('/dashboard/apps/elearnings/catalog/list')?.name).toBe('mf-elearnings');
    expect(areaOfPath('/dashboard/apps/templates')?.name).toBe('mf-start');
    expect(areaOfPath('/dashboard/companyx')).toBeUndefined();
    expect(areaOfPath('/elsewhere')).toBeUndefined();
  });
});
