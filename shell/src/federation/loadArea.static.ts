import type { RemoteConfig } from '@dash/shared-core';
import type { RegisterArea } from '@dash/shared-ui';

// The bench's non-federated build only (DASH_NO_FEDERATION=1): the same areas, imported statically into the shell's
// own bundle, each still its own lazy chunk, so that the price of federation can be measured (issue 18).
const REGISTERS: Record<string, () => Promise<{ default: RegisterArea }>> = {
  'mf-auth': () => import('../../../mf-auth/src/register'),
  'mf-profile': () => import('../../../mf-profile/src/register'),
  'mf-start': () => import('../../../mf-start/src/register'),
  'mf-elearnings': () => import('../../../mf-elearnings/src/register'),
  'mf-risk-assessments': () => import('../../../mf-risk-assessments/src/register'),
  'mf-company': () => import('../../../mf-company/src/register'),
};

export async function loadRegister(config: RemoteConfig, _force: boolean): Promise<{ default: RegisterArea } | null> {
  const load = REGISTERS[config.name];
  return load ? load() : null;
}
