import { describe, expect, it } from 'vitest';
import { AREA_CONTRACTS } from './areaContracts';
import { AREAS } from './areas';

describe('area contracts (docs/releases.md)', () => {
  it('names every declared area once, with oldest <= current', () => {
    expect(Object.keys(AREA_CONTRACTS).sort()).toEqual(AREAS.map((area) => area.name).sort());
    for (const [area, contract] of Object.entries(AREA_CONTRACTS)) {
      expect(contract.oldest, area).toBeGreaterThanOrEqual(1);
      expect(contract.oldest, area).toBeLessThanOrEqual(contract.current);
    }
  });
});
