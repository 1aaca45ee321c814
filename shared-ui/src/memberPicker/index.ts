// `@dash/shared-ui/member-picker`: its own shared entry, downloaded only by the pages that pick members.
export * from './AssignMembersModal';
export * from './MemberPicker';
export * from './memberSources';
