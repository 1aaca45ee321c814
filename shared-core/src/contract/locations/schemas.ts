import { z } from 'zod';
import { LOCATION_BULK_MAX, LOCATION_LIMITS, LOCATION_TYPES } from '../../companyLimits';
import {
  bulkSelectionSchema,
  detailRequestSchema,
  optionalTextSchema,
  searchTextSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { countryCodeSchema } from '../countries';
import { defineEndpoint } from '../endpoint';
import { personRefSchema } from '../orgUnits/schemas';

export const locationTypeSchema = z.enum(LOCATION_TYPES);

export const LOCATION_LIST_SORT_KEYS = [
  'name',
  'city',
  'countryCode',
  'locationType',
  'floorSpace',
  'memberCount',
] as const;

/** The location list's filter; deleting takes the same one ("all N matching the filter"). */
export const locationListFilterSchema = z.strictObject({
  search: searchTextSchema.optional(),
  locationType: locationTypeSchema.optional(),
});
export type LocationListFilter = z.input<typeof locationListFilterSchema>;
export const locationListRequestSchema = tableRequestSchema(locationListFilterSchema, LOCATION_LIST_SORT_KEYS, 'name');
export type LocationListRequest = z.input<typeof locationListRequestSchema>;

export const locationListItemSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  /** The postal address (the infopoint names it beside the emergency numbers); each part optional. */
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string(),
  locationType: locationTypeSchema,
  /** m². */
  floorSpace: z.int().nullable(),
  memberCount: z.int().min(0),
  responsibleMembers: z.array(personRefSchema),
});
export type LocationListItem = z.infer<typeof locationListItemSchema>;
export const locationListResponseSchema = tableResponseSchema(locationListItemSchema);

/** One location: the list row's fields (the details tab edits them). */
export const locationDetailSchema = locationListItemSchema;
export type LocationDetail = z.infer<typeof locationDetailSchema>;

const uuidListSchema = z.array(uuidSchema).min(1).max(LOCATION_BULK_MAX);

/**
 * What the add modal and the details tab send (all of a location's fields: what is left out is none).
 * Responsible members: non-archived members of the client. The postal code is checked against the country on the
 * server (`Location.InvalidPostalCode`).
 */
export const locationFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(LOCATION_LIMITS.nameMaxLength),
  street: optionalTextSchema(LOCATION_LIMITS.streetMaxLength).optional(),
  postalCode: optionalTextSchema(LOCATION_LIMITS.postalCodeMaxLength).optional(),
  city: optionalTextSchema(LOCATION_LIMITS.cityMaxLength),
  countryCode: countryCodeSchema,
  locationType: locationTypeSchema,
  floorSpace: z.int().min(1).max(LOCATION_LIMITS.floorSpaceMax).nullable(),
  responsibleMemberUuids: z.array(uuidSchema).max(LOCATION_LIMITS.responsibleMembersMax),
});
export type LocationFields = z.input<typeof locationFieldsSchema>;

export const createLocationRequestSchema = locationFieldsSchema;
export type CreateLocationRequest = z.input<typeof createLocationRequestSchema>;
export const updateLocationRequestSchema = locationFieldsSchema.extend({ uuid: uuidSchema });
export type UpdateLocationRequest = z.input<typeof updateLocationRequestSchema>;

/** The locations picked, or every location the list shows for its filter. */
export const deleteLocationsRequestSchema = bulkSelectionSchema(locationListFilterSchema, LOCATION_BULK_MAX);
export type DeleteLocationsRequest = z.input<typeof deleteLocationsRequestSchema>;
export const deleteLocationsResponseSchema = z.object({ deleted: z.int().min(0) });

export const LOCATION_MEMBER_SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'responsible'] as const;
/** The members of one location (not archived), sorted, filtered and paged. */
export const locationMemberListRequestSchema = tableRequestSchema(
  z.strictObject({ search: searchTextSchema.optional() }),
  LOCATION_MEMBER_SORT_KEYS,
  'lastName',
).extend({ uuid: uuidSchema });
export type LocationMemberListRequest = z.input<typeof locationMemberListRequestSchema>;
export const locationMemberSchema = z.object({
  uuid: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  responsible: z.boolean(),
});
export type LocationMember = z.infer<typeof locationMemberSchema>;
export const locationMemberListResponseSchema = tableResponseSchema(locationMemberSchema);

export const changeLocationMembersRequestSchema = z.strictObject({ uuid: uuidSchema, memberUuids: uuidListSchema });
export type ChangeLocationMembersRequest = z.input<typeof changeLocationMembersRequestSchema>;
/** How many members changed (members already assigned, or not assigned, count as unchanged) and the new count. */
export const changeLocationMembersResponseSchema = z.object({
  changed: z.int().min(0),
  memberCount: z.int().min(0),
});

/** The location calls (spec section 7, "Locations"). */
export const LOCATIONS_ENDPOINTS = {
  locationList: defineEndpoint('locationList', {
    summary: "The client's locations (a loc-admin: those he is responsible for), sorted, filtered and paged",
    tag: 'locations',
    access: 'session',
    permissions: ['location.location-list'],
    request: locationListRequestSchema,
    response: locationListResponseSchema,
  }),
  locationDetail: defineEndpoint('locationDetail', {
    summary: 'One location with its responsible members and member count',
    tag: 'locations',
    access: 'session',
    permissions: ['location.location-detail'],
    request: detailRequestSchema,
    response: locationDetailSchema,
  }),
  createLocation: defineEndpoint('createLocation', {
    summary: 'Create a location (name unique in the client); responsible members become its members',
    tag: 'locations',
    access: 'session',
    permissions: ['location.create'],
    request: createLocationRequestSchema,
    response: locationDetailSchema,
  }),
  updateLocationDetail: defineEndpoint('updateLocationDetail', {
    summary: "Change a location's name, type, floor space, address, country and responsible members",
    tag: 'locations',
    access: 'session',
    permissions: ['location.update'],
    request: updateLocationRequestSchema,
    response: locationDetailSchema,
  }),
  deleteLocations: defineEndpoint('deleteLocations', {
    summary:
      'Delete locations by uuid (all or none: an unknown uuid refuses the whole call) or all the list shows for its filter',
    tag: 'locations',
    access: 'session',
    permissions: ['location.delete'],
    request: deleteLocationsRequestSchema,
    response: deleteLocationsResponseSchema,
  }),
  locationMemberList: defineEndpoint('locationMemberList', {
    summary: "A location's members (not archived), sorted, filtered and paged",
    tag: 'locations',
    access: 'session',
    permissions: ['location.read-member-list'],
    request: locationMemberListRequestSchema,
    response: locationMemberListResponseSchema,
  }),
  assignLocationMembers: defineEndpoint('assignLocationMembers', {
    summary: 'Add members (non-archived, of the client) to a location',
    tag: 'locations',
    access: 'session',
    permissions: ['location.change-members'],
    request: changeLocationMembersRequestSchema,
    response: changeLocationMembersResponseSchema,
  }),
  removeLocationMembers: defineEndpoint('removeLocationMembers', {
    summary: "Remove members from a location (not its responsible members: change those on the location's details)",
    tag: 'locations',
    access: 'session',
    permissions: ['location.change-members'],
    request: changeLocationMembersRequestSchema,
    response: changeLocationMembersResponseSchema,
  }),
};
