import { loadAllRoutes } from '@dash/shared-core';

// What only signed-in pages need: the server-data cache, the dashboard frame (header, sidebar, breadcrumb) and the
// notice of switched-off areas. One chunk, loaded with the first signed-in page, not before the sign-in page.

export { DashboardLayout } from '../layout/DashboardLayout';
export { AccessChangeNotice } from '../session/AccessChangeNotice';
export { default as QueryProvider } from './QueryProvider';

// Every area's calls, downloaded beside the frame: a signed-in page's first call need not wait for them.
void loadAllRoutes();
