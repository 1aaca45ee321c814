// `@dash/shared-ui/tasks`: a member's tasks (my e-learnings, my analyses, the start overview's due bubbles).

export * from './AgreedActions';
export * from './DueStatusBadge';
export * from './MemberTasksPage';
