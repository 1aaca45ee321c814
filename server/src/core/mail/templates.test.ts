import { describe, expect, it } from 'vitest';
import { type ReminderMailInput, renderReminderMail } from './templates';

const REMINDER: ReminderMailInput = {
  licenseeName: 'Sicher & Gesund',
  primaryColour: '#0a5c8a',
  logoUrl: null,
  footer: null,
  language: 'de_DE',
  firstName: 'Jürgen',
  lastName: 'Weiß',
  kind: 'elearning',
  event: 'overdue',
  title: 'Brandschutzunterweisung',
  dueDate: '2027-03-01',
  link: 'https://acme.example.com/dashboard/apps/elearnings/my-elearnings',
  settingsLink: 'https://acme.example.com/dashboard/profile/settings',
};

describe('reminder mail', () => {
  it("writes the due date in the member's language, whatever the server's time zone", () => {
    const german = renderReminderMail(REMINDER);
    expect(german.text).toContain('„Brandschutzunterweisung“ war am 1. März 2027 fällig');
    const english = renderReminderMail({ ...REMINDER, language: 'en_GB', event: 'due-soon', dueDate: '2026-12-31' });
    expect(english.text).toContain('"Brandschutzunterweisung" is due on 31 December 2026.');
    // The formatters are built once per language: the next mail in German is German again, with its own date.
    expect(renderReminderMail({ ...REMINDER, dueDate: '2026-01-02' }).html).toContain('am 2. Januar 2026 fällig');
  });
});
