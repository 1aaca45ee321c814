import type { OrgUnitNode } from '@dash/shared-core';

const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The units whose name contains `text` (case and accents ignored) and their ancestors, in tree order: a match deep in
 * the tree keeps the path that leads to it, so two "Montage" units in different plants stay told apart.
 */
export function filterUnitTree<T extends Pick<OrgUnitNode, 'uuid' | 'parentUuid' | 'orgUnitName'>>(
  nodes: readonly T[],
  text: string,
): T[] {
  const wanted = folded(text.trim());
  if (wanted === '') return [...nodes];
  const byUuid = new Map(nodes.map((node) => [node.uuid, node]));
  const keep = new Set<string>();
  for (const node of nodes) {
    if (!folded(node.orgUnitName).includes(wanted)) continue;
    let current: T | undefined = node;
    while (current && !keep.has(current.uuid)) {
      keep.add(current.uuid);
      current = current.parentUuid ? byUuid.get(current.parentUuid) : undefined;
    }
  }
  return nodes.filter((node) => keep.has(node.uuid));
}

/** Whether a location's name or city contains `text` (case and accents ignored). */
export function locationMatches(location: { name: string; city: string | null }, text: string): boolean {
  const wanted = folded(text.trim());
  return wanted === '' || folded(`${location.name} ${location.city ?? ''}`).includes(wanted);
}

/** Adds or removes one uuid, keeping the others in their order. */
export function toggled(list: readonly string[], uuid: string, on: boolean): string[] {
  return on ? (list.includes(uuid) ? [...list] : [...list, uuid]) : list.filter((item) => item !== uuid);
}
