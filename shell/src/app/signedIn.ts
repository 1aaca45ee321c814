// What only signed-in pages need: the server-data cache and the dashboard frame (header, sidebar, breadcrumb). One
// chunk, loaded with the first signed-in page, not before the sign-in page.
export { DashboardLayout } from '../layout/DashboardLayout';
export { default as QueryProvider } from './QueryProvider';
