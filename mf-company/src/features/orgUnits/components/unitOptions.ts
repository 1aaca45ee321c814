import type { OrgUnitNode } from '@dash/shared-core';

/** The tree as select options, indented by depth ("Produktion" > "— Montage"), leaving out `skip` and its subtree. */
export function unitOptions(nodes: readonly OrgUnitNode[], skip?: string): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  let skipDepth: number | null = null;
  for (const node of nodes) {
    if (skipDepth !== null && node.depth > skipDepth) continue;
    skipDepth = null;
    if (node.uuid === skip) {
      skipDepth = node.depth;
      continue;
    }
    options.push({ value: node.uuid, label: `${'— '.repeat(node.depth)}${node.orgUnitName}` });
  }
  return options;
}
