import { z } from 'zod';
import { emptyRequestSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';

export const infopointLocationSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  city: z.string().nullable(),
  /** The postal address the infopoint shows beside the emergency numbers (whom to send where). */
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** ISO 3166-1 alpha-2: the emergency numbers shown are this country's. */
  countryCode: z.string(),
  locationType: z.enum(['headquarters', 'branch']),
  /** How many of the client's member groups have members for this location. */
  groupCount: z.int().min(0),
});
export type InfopointLocation = z.infer<typeof infopointLocationSchema>;

export const infopointLocationListSchema = z.object({ items: z.array(infopointLocationSchema) });

export const infopointContactSchema = z.object({
  uuid: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export type InfopointContact = z.infer<typeof infopointContactSchema>;

export const infopointGroupSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  type: z.string(),
  members: z.array(infopointContactSchema),
});
export type InfopointGroup = z.infer<typeof infopointGroupSchema>;

export const infopointMemberGroupsRequestSchema = z.strictObject({ locationUuid: uuidSchema });
export const infopointMemberGroupsSchema = z.object({
  location: infopointLocationSchema,
  /** The location's responsible members (whom to ask about the site itself). */
  responsibleMembers: z.array(infopointContactSchema),
  groups: z.array(infopointGroupSchema),
});
export type InfopointMemberGroups = z.infer<typeof infopointMemberGroupsSchema>;

export const INFOPOINT_ENDPOINTS = {
  infopointLocationList: defineEndpoint('infopointLocationList', {
    summary: "The client's locations for the infopoint",
    tag: 'infopoint',
    access: 'session',
    permissions: ['dashboard.signed-in'],
    request: emptyRequestSchema,
    response: infopointLocationListSchema,
  }),
  infopointMemberGroups: defineEndpoint('infopointMemberGroups', {
    summary: "A location's member groups (first aid, fire marshals, …) with their members' phone numbers and e-mail",
    tag: 'infopoint',
    access: 'session',
    permissions: ['dashboard.signed-in'],
    request: infopointMemberGroupsRequestSchema,
    response: infopointMemberGroupsSchema,
  }),
};
