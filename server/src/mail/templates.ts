export type MailLanguage = 'de_DE' | 'en_GB';
export type AccountMailKind = 'passwordReset' | 'welcome';

export interface AccountMailInput {
  language: MailLanguage;
  firstName: string;
  lastName: string;
  licenseeName: string;
  /** The licensee's notification footer (licensee.notification_footer_email); null: none. */
  footer: string | null;
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
  clientName: string;
}

interface Texts {
  subject: (input: AccountMailInput) => string;
  greeting: (input: AccountMailInput) => string;
  body: (input: AccountMailInput) => string;
  action: string;
  validity: (input: AccountMailInput) => string;
  ignore: string;
  regards: (input: AccountMailInput) => string;
}

function duration(hours: number, language: MailLanguage): string {
  if (hours % 24 === 0) {
    const days = hours / 24;
    if (language === 'de_DE') return days === 1 ? '1 Tag' : `${days} Tage`;
    return days === 1 ? '1 day' : `${days} days`;
  }
  if (language === 'de_DE') return hours === 1 ? '1 Stunde' : `${hours} Stunden`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const TEXTS: Record<AccountMailKind, Record<MailLanguage, Texts>> = {
  passwordReset: {
    de_DE: {
      subject: (i) => `${i.licenseeName}: Passwort zurücksetzen`,
      greeting: (i) => `Hallo ${i.firstName} ${i.lastName},`,
      body: (i) =>
        `für Ihr Konto bei ${i.clientName} wurde ein neues Passwort angefordert. Über den folgenden Link legen Sie es fest:`,
      action: 'Neues Passwort festlegen',
      validity: (i) => `Der Link ist ${duration(i.validHours, 'de_DE')} gültig und kann einmal verwendet werden.`,
      ignore:
        'Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
      regards: (i) => `Ihr ${i.licenseeName}-Team`,
    },
    en_GB: {
      subject: (i) => `${i.licenseeName}: reset your password`,
      greeting: (i) => `Hello ${i.firstName} ${i.lastName},`,
      body: (i) => `a new password was requested for your account at ${i.clientName}. Set it with the following link:`,
      action: 'Set a new password',
      validity: (i) => `The link works for ${duration(i.validHours, 'en_GB')} and only once.`,
      ignore: 'If you did not request a new password, please ignore this e-mail; your password stays as it is.',
      regards: (i) => `Your ${i.licenseeName} team`,
    },
  },
  welcome: {
    de_DE: {
      subject: (i) => `Willkommen bei ${i.licenseeName}`,
      greeting: (i) => `Hallo ${i.firstName} ${i.lastName},`,
      body: (i) =>
        `für Sie wurde ein Konto bei ${i.clientName} angelegt. Über den folgenden Link legen Sie Ihr Passwort fest:`,
      action: 'Passwort festlegen',
      validity: (i) => `Der Link ist ${duration(i.validHours, 'de_DE')} gültig und kann einmal verwendet werden.`,
      ignore: 'Ist der Link abgelaufen, fordern Sie auf der Anmeldeseite über „Passwort vergessen“ einen neuen an.',
      regards: (i) => `Ihr ${i.licenseeName}-Team`,
    },
    en_GB: {
      subject: (i) => `Welcome to ${i.licenseeName}`,
      greeting: (i) => `Hello ${i.firstName} ${i.lastName},`,
      body: (i) => `an account at ${i.clientName} has been created for you. Set your password with the following link:`,
      action: 'Set your password',
      validity: (i) => `The link works for ${duration(i.validHours, 'en_GB')} and only once.`,
      ignore: 'If the link has expired, request a new one with "Forgotten password" on the sign-in page.',
      regards: (i) => `Your ${i.licenseeName} team`,
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

/** Subject, plain text and HTML of an account mail in the member's language, with the licensee's name and footer. */
export function renderAccountMail(
  kind: AccountMailKind,
  input: AccountMailInput,
): { subject: string; text: string; html: string } {
  const texts = TEXTS[kind][input.language];
  const footer = input.footer?.trim() ? input.footer.trim() : null;
  const text = [
    texts.greeting(input),
    '',
    texts.body(input),
    '',
    input.link,
    '',
    texts.validity(input),
    texts.ignore,
    '',
    texts.regards(input),
    ...(footer ? ['', '--', footer] : []),
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.language === 'de_DE' ? 'de' : 'en'}"><body style="font-family:sans-serif;color:#3b3b3b">
<p>${escapeHtml(texts.greeting(input))}</p>
<p>${escapeHtml(texts.body(input))}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(texts.action)}</a></p>
<p>${escapeHtml(texts.validity(input))}<br>${escapeHtml(texts.ignore)}</p>
<p>${escapeHtml(texts.regards(input))}</p>
${footer ? `<hr><p style="font-size:small">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>` : ''}
</body></html>
`;
  return { subject: texts.subject(input), text, html };
}
