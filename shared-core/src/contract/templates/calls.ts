import type { RouteTable } from '../routeTable';

/**
 * Method and path of the template calls. The upload (`TEMPLATE_UPLOAD_PATH`, multipart) is not a JSON call: it has
 * its own route on the server (modules/templates/upload.ts) and is sent by the shared upload block.
 */
export const TEMPLATES_ROUTES = {
  templateList: { method: 'POST', path: '/api/templates/read-list', reads: true },
  templateDelete: { method: 'POST', path: '/api/templates/delete' },
} as const satisfies RouteTable;

export const TEMPLATE_UPLOAD_PATH = '/api/templates/upload';

/** Categories of templates (the list's filter and the upload's choice). */
export const TEMPLATE_CATEGORIES = ['operating-instructions', 'forms', 'checklists', 'notices', 'other'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
