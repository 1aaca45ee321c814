import { describe, expect, it } from 'vitest';
import { type AccountMailInput, type ReminderMailInput, renderAccountMail, renderReminderMail } from './templates';

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

const ACCOUNT: AccountMailInput = {
  language: 'de_DE',
  firstName: 'Nele',
  lastName: 'Neustart',
  licenseeName: 'Sicher & Gesund',
  footer: null,
  link: 'https://acme.example.com/auth/reset-password/abc',
  validHours: 168,
  clientName: 'ACME GmbH',
  clientIdentifier: 'acme',
  username: 'neu.start',
  loginLink: 'https://acme.example.com/auth/login/acme',
};

describe('account mails', () => {
  it('name the company ID and the username and link to the sign-in page with the company preset, in German', () => {
    for (const kind of ['welcome', 'passwordReset'] as const) {
      const mail = renderAccountMail(kind, ACCOUNT);
      expect(mail.text).toContain('Firmen-ID: acme');
      expect(mail.text).toContain('Benutzername: neu.start');
      expect(mail.text).toContain('Zur Anmeldung: https://acme.example.com/auth/login/acme');
      expect(mail.html).toContain('Firmen-ID: <strong>acme</strong>');
      expect(mail.html).toContain('Benutzername: <strong>neu.start</strong>');
      expect(mail.html).toContain('<a href="https://acme.example.com/auth/login/acme">Zur Anmeldung</a>');
    }
  });

  it('and in English', () => {
    for (const kind of ['welcome', 'passwordReset'] as const) {
      const mail = renderAccountMail(kind, { ...ACCOUNT, language: 'en_GB' });
      expect(mail.text).toContain('Company ID: acme');
      expect(mail.text).toContain('Username: neu.start');
      expect(mail.text).toContain('Sign in: https://acme.example.com/auth/login/acme');
      expect(mail.html).toContain('Username: <strong>neu.start</strong>');
    }
  });

  it("name the licensee's ID instead of a company ID for licensee staff", () => {
    const staff = { ...ACCOUNT, identifierKind: 'licensee' as const, clientIdentifier: 'dashboard' };
    const german = renderAccountMail('welcome', staff);
    expect(german.text).toContain('Lizenznehmer-ID: dashboard');
    expect(german.html).toContain('Lizenznehmer-ID: <strong>dashboard</strong>');
    expect(german.text).not.toContain('Firmen-ID');
    expect(renderAccountMail('passwordReset', { ...staff, language: 'en_GB' }).text).toContain(
      'Licensee ID: dashboard',
    );
  });
});
