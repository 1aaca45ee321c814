import { z } from 'zod';
import { emptyRequestSchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** The member's reminder e-mails (due in 7 days, overdue, weekly digest for responsible persons): on or off. */
export const reminderSettingSchema = z.object({ reminderMails: z.boolean() });
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;
export const reminderUpdateSettingRequestSchema = z.strictObject({ reminderMails: z.boolean() });

export const REMINDERS_ENDPOINTS = {
  reminderReadSetting: defineEndpoint('reminderReadSetting', {
    summary: 'Own reminder e-mail setting',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.read-profile-setting'],
    request: emptyRequestSchema,
    response: reminderSettingSchema,
  }),
  reminderUpdateSetting: defineEndpoint('reminderUpdateSetting', {
    summary: 'Switch own reminder e-mails on or off',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.read-profile-setting'],
    request: reminderUpdateSettingRequestSchema,
    response: reminderSettingSchema,
  }),
};
