import contracts from './areaContracts.json' with { type: 'json' };

/** Contract versions of one area: the newest the server answers and the oldest it still answers. */
export interface AreaContract {
  current: number;
  oldest: number;
}

/**
 * Per area, the versions of its API contract the server serves (`areaContracts.json`, docs/releases.md). Its own
 * entry of shared-core: the server and the release command read it, the browser never downloads it.
 */
export const AREA_CONTRACTS: Readonly<Record<string, AreaContract>> = Object.fromEntries(
  Object.entries(contracts).filter(([key]) => key !== '$comment'),
) as Record<string, AreaContract>;
