import './styles/base.css';

export * from './feedback/Feedback';
export * from './forms/TextField';
export * from './page/PageHeader';
export * from './page/Tabs';
export * from './registration/types';
export * from './session/sessionStore';
export * from './table/DataTable';
export * from './table/useTableState';
export * from './tasks/DueStatusBadge';
export * from './toasts/toastStore';
