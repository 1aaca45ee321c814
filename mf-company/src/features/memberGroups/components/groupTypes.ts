import type { MemberGroupType } from '@dash/shared-core';

/** The six types (contract: MEMBER_GROUP_TYPES), in the order the forms offer them; a Record so none is missed. */
const TYPE_ORDER: Record<MemberGroupType, number> = {
  'first-aid': 1,
  'fire-marshall': 2,
  'fire-assistent': 3,
  'health-safety-officer': 4,
  'medical-officer': 5,
  'work-council': 6,
};
export const GROUP_TYPES = (Object.keys(TYPE_ORDER) as MemberGroupType[]).sort((a, b) => TYPE_ORDER[a] - TYPE_ORDER[b]);

export function isGroupType(value: string | undefined): value is MemberGroupType {
  return value !== undefined && value in TYPE_ORDER;
}
