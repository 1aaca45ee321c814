import { duration, type MailLanguage } from '../mail/templates';

export interface WelcomeSmsInput {
  language: MailLanguage;
  firstName: string;
  licenseeName: string;
  clientName: string;
  /** The company ID and the username the member signs in with later (the link only sets the password). */
  clientIdentifier: string;
  username: string;
  /** The set-password link (the same one-time link the welcome mail carries). */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
  /** The licensee's SMS footer (licensee.notification_footer_sms), appended to every SMS; null: none. */
  footer: string | null;
}

const WELCOME: Record<MailLanguage, (input: WelcomeSmsInput) => string> = {
  de_DE: (i) =>
    `${i.licenseeName}: Hallo ${i.firstName}, für Sie wurde ein Konto bei ${i.clientName} angelegt. ` +
    `Firmen-ID: ${i.clientIdentifier}, Benutzername: ${i.username}. ` +
    `Legen Sie Ihr Passwort fest (${duration(i.validHours, 'de_DE')} gültig, einmal verwendbar): ${i.link}`,
  en_GB: (i) =>
    `${i.licenseeName}: Hello ${i.firstName}, an account at ${i.clientName} has been created for you. ` +
    `Company ID: ${i.clientIdentifier}, username: ${i.username}. ` +
    `Set your password (the link works for ${duration(i.validHours, 'en_GB')} and only once): ${i.link}`,
};

/** The licensee's footer on a line of its own after a blank one, as on every SMS; nothing when it is empty. */
export function withSmsFooter(text: string, footer: string | null): string {
  const trimmed = footer?.trim();
  return trimmed ? `${text}\n\n${trimmed}` : text;
}

/** The SMS of a member created with password mode bySms: who, where, and the set-password link. Plain text. */
export function renderWelcomeSms(input: WelcomeSmsInput): string {
  return withSmsFooter(WELCOME[input.language](input), input.footer);
}
