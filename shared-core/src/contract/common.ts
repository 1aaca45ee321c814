import { z } from 'zod';
import { PAGE_SIZES } from '../tables';
import { email } from '../validation/rules';

export const uuidSchema = z.uuid();
export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'lowercase hex SHA-256');
export const languageCodeSchema = z.enum(['de_DE', 'en_GB']);
export const themeSchema = z.enum(['light', 'dark']);
export const sortDirectionSchema = z.enum(['asc', 'desc']);

/** An optional text of at most `max` characters: trimmed, '' and null both mean none. */
export function optionalTextSchema(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

/**
 * An optional e-mail address, checked with the forms' own rule (validation/rules.ts) so that the server accepts
 * exactly the addresses the forms do; '' and null both mean none.
 */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254)
  .refine((value) => email(value) === null, 'email')
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const detailRequestSchema = z.strictObject({ uuid: uuidSchema });
export const emptyRequestSchema = z.strictObject({});
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** Table calls (CONTRACT.md): `{filter, page, perPage, sortBy, sortDirection}` answered by `{items, total}`. */
export function tableRequestSchema<Filter extends z.ZodObject, SortKey extends string>(
  filter: Filter,
  sortKeys: readonly [SortKey, ...SortKey[]],
  defaultSort: NoInfer<SortKey>,
) {
  return z.strictObject({
    filter: filter.default(filter.parse({}) as never),
    page: z.int().min(1).max(100_000).default(1),
    perPage: z
      .union([z.literal(PAGE_SIZES[0]), z.literal(PAGE_SIZES[1]), z.literal(PAGE_SIZES[2])])
      .default(PAGE_SIZES[0]),
    sortBy: z.enum(sortKeys).default(defaultSort as never),
    sortDirection: sortDirectionSchema.default('asc'),
  });
}

/**
 * What a bulk call acts on: rows picked by uuid, or every row the list call answers for `filter` (the list's own
 * filter schema, so that "all N matching the filter" means exactly the list's rows, with its scope). One or the other:
 * an empty body never means "everything", and `{filter: {}}` says it outright. At most `max` uuids; a filter matching
 * more rows is refused by the server (409 Bulk.TooManyRows).
 */
export function bulkSelectionSchema<Filter extends z.ZodObject>(filter: Filter, max: number) {
  return z.union([z.strictObject({ uuids: z.array(uuidSchema).min(1).max(max) }), z.strictObject({ filter })]);
}
/** A bulk call's selection as the browser sends it (`Filter`: the list call's filter). */
export type BulkSelection<Filter> = { uuids: string[] } | { filter: Filter };

export function tableResponseSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.int().min(0) });
}

export const searchTextSchema = z.string().trim().max(100);

export const catalogFilterSchema = z.strictObject({ search: searchTextSchema.optional() });

/**
 * The body of a binary upload as the server's parser hands it over (the raw bytes, never JSON): kept under a symbol,
 * which no JSON body can carry, so a JSON request can never pose as an upload (and no input check walks the bytes).
 * Used by the licensee's images and the evidence photos of inspections.
 */
export const UPLOADED_BYTES_MARKER: unique symbol = Symbol.for('dash.uploaded-bytes');
export interface UploadedBytes {
  readonly [UPLOADED_BYTES_MARKER]: Uint8Array;
}
export const uploadedBytesSchema = z.custom<UploadedBytes>(
  (value) => typeof value === 'object' && value !== null && UPLOADED_BYTES_MARKER in value,
  'the file as the request body (Content-Type application/octet-stream)',
);
