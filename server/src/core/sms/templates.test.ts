import { describe, expect, it } from 'vitest';
import { renderWelcomeSms, type WelcomeSmsInput } from './templates';

const INPUT: WelcomeSmsInput = {
  language: 'de_DE',
  firstName: 'Jürgen',
  licenseeName: 'Dashboard',
  clientName: 'ACME Sicherheit GmbH',
  clientIdentifier: 'acme',
  username: 'juergen.weiss',
  link: 'https://dashboard.example.com/auth/reset-password/abc',
  validHours: 168,
  footer: 'Dashboard GmbH · Hilfe: dashboard.example.com/hilfe',
};

describe('welcome SMS', () => {
  it("names company ID, username and the link's validity in German, and ends with the licensee's footer", () => {
    expect(renderWelcomeSms(INPUT)).toBe(
      'Dashboard: Hallo Jürgen, für Sie wurde ein Konto bei ACME Sicherheit GmbH angelegt. Firmen-ID: acme, ' +
        'Benutzername: juergen.weiss. Legen Sie Ihr Passwort fest (7 Tage gültig, einmal verwendbar): ' +
        'https://dashboard.example.com/auth/reset-password/abc\n\nDashboard GmbH · Hilfe: dashboard.example.com/hilfe',
    );
  });

  it('and in English; an empty footer leaves no trailing lines', () => {
    const text = renderWelcomeSms({ ...INPUT, language: 'en_GB', footer: '  ' });
    expect(text).toBe(
      'Dashboard: Hello Jürgen, an account at ACME Sicherheit GmbH has been created for you. Company ID: acme, ' +
        'username: juergen.weiss. Set your password (the link works for 7 days and only once): ' +
        'https://dashboard.example.com/auth/reset-password/abc',
    );
  });
});
