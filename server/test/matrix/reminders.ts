import type { MatrixEntry } from './types';

/** The member's own reminder setting (profile settings tab). */
export const REMINDERS_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/reminders/read-setting': {
    access: 'session',
    endpoint: 'reminderReadSetting',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
  },
  'POST /api/reminders/update-setting': {
    access: 'session',
    endpoint: 'reminderUpdateSetting',
    sample: () => ({ reminderMails: true }),
    validated: true,
    malformed: () => [{ reminderMails: 'no' }, {}, { reminderMails: null }],
    forbiddenFor: null,
    // Default snapshot: the caller's member row (reminder_mails).
    writes: { changing: () => ({ reminderMails: false }) },
  },
};
