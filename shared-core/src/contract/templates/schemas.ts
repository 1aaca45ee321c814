import { z } from 'zod';
import {
  detailRequestSchema,
  okResponseSchema,
  searchTextSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { defineEndpoint } from '../endpoint';
import { TEMPLATE_CATEGORIES } from './calls';

export const templateCategorySchema = z.enum(TEMPLATE_CATEGORIES);

export const templateListRequestSchema = tableRequestSchema(
  z.strictObject({ category: templateCategorySchema.optional(), search: searchTextSchema.optional() }),
  ['category', 'title', 'createdAt'] as const,
  'category',
);
export type TemplateListRequest = z.input<typeof templateListRequestSchema>;

export const templateSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  category: templateCategorySchema,
  filename: z.string(),
  contentType: z.string(),
  sizeBytes: z.int().min(0),
  /** licensee: provided to every client of the licensee (read-only here); client: the company's own. */
  source: z.enum(['licensee', 'client']),
  createdAt: z.string(),
  /** GET this (the session's client is checked) to download the file. */
  downloadUrl: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** The answer of the multipart upload route (modules/templates/upload.ts). */
export const templateUploadResponseSchema = templateSchema;

export const TEMPLATES_ENDPOINTS = {
  templateList: defineEndpoint('templateList', {
    summary: "The licensee's and the client's templates by category, with search",
    tag: 'templates',
    access: 'session',
    permissions: ['templates.read-list'],
    featureFlag: 'templates',
    request: templateListRequestSchema,
    response: tableResponseSchema(templateSchema),
  }),
  templateDelete: defineEndpoint('templateDelete', {
    summary: "Delete one of the client's own templates (the licensee's cannot be deleted here)",
    tag: 'templates',
    access: 'session',
    permissions: ['templates.delete'],
    featureFlag: 'templates',
    request: detailRequestSchema,
    response: okResponseSchema,
  }),
};
