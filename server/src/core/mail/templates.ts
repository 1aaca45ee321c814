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
  /** The company ID and the username the member signs in with later (the link only sets the password). */
  clientIdentifier: string;
  /**
   * What `clientIdentifier` is: a company ID (members, the default) or a licensee's identifier (licensee staff, who
   * sign in to the licensee console; `clientName` is then the licensee's name).
   */
  identifierKind?: 'client' | 'licensee';
  username: string;
  /** The sign-in page with the company ID already filled in. */
  loginLink: string;
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

/** The sign-in data, named in both account mails: without them a member who set a password cannot sign in later. */
const SIGN_IN_TEXTS: Record<
  MailLanguage,
  { intro: string; clientIdentifier: string; licenseeIdentifier: string; username: string; login: string }
> = {
  de_DE: {
    intro: 'Ihre Anmeldedaten:',
    clientIdentifier: 'Firmen-ID',
    licenseeIdentifier: 'Lizenznehmer-ID',
    username: 'Benutzername',
    login: 'Zur Anmeldung',
  },
  en_GB: {
    intro: 'Your sign-in details:',
    clientIdentifier: 'Company ID',
    licenseeIdentifier: 'Licensee ID',
    username: 'Username',
    login: 'Sign in',
  },
};

/** "7 Tage", "2 Stunden" / "7 days", "2 hours": how long a link works. */
export function duration(hours: number, language: MailLanguage): string {
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
  const signIn = SIGN_IN_TEXTS[input.language];
  const footer = input.footer?.trim() ? input.footer.trim() : null;
  const identifierLabel = input.identifierKind === 'licensee' ? signIn.licenseeIdentifier : signIn.clientIdentifier;
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
    signIn.intro,
    `${identifierLabel}: ${input.clientIdentifier}`,
    `${signIn.username}: ${input.username}`,
    `${signIn.login}: ${input.loginLink}`,
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
<p>${escapeHtml(signIn.intro)}<br>
${escapeHtml(identifierLabel)}: <strong>${escapeHtml(input.clientIdentifier)}</strong><br>
${escapeHtml(signIn.username)}: <strong>${escapeHtml(input.username)}</strong><br>
<a href="${escapeHtml(input.loginLink)}">${escapeHtml(signIn.login)}</a></p>
<p>${escapeHtml(texts.regards(input))}</p>
${footer ? `<hr><p style="font-size:small">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>` : ''}
</body></html>
`;
  return { subject: texts.subject(input), text, html };
}

// --- reminders -----------------------------------------------------------------------------------------

export type ReminderMailKind = 'elearning' | 'risk-assessment' | 'risk-action' | 'risk-action-check' | 'instruction';
export type ReminderMailEvent = 'due-soon' | 'overdue';

/** The licensee's branding in a mail: name, primary colour (light theme) and logo. */
export interface MailBranding {
  licenseeName: string;
  /** A CSS colour (already checked as one, see branding.ts). */
  primaryColour: string;
  /** Absolute URL of the logo, or null. */
  logoUrl: string | null;
  /** The licensee's notification footer (licensee.notification_footer_email); null: none. */
  footer: string | null;
}

export interface ReminderMailInput extends MailBranding {
  language: MailLanguage;
  firstName: string;
  lastName: string;
  kind: ReminderMailKind;
  event: ReminderMailEvent;
  title: string;
  /** ISO date (YYYY-MM-DD). */
  dueDate: string;
  link: string;
  /** Where the member switches these mails off (the profile's settings tab). */
  settingsLink: string;
}

const KIND_NAMES: Record<ReminderMailKind, Record<MailLanguage, string>> = {
  elearning: { de_DE: 'E-Learning', en_GB: 'e-learning' },
  'risk-assessment': { de_DE: 'Gefährdungsbeurteilung', en_GB: 'risk assessment' },
  'risk-action': { de_DE: 'Maßnahme', en_GB: 'risk action' },
  'risk-action-check': { de_DE: 'Wirksamkeitsprüfung der Maßnahme', en_GB: 'effectiveness check of the risk action' },
  instruction: { de_DE: 'Unterschrift zur Unterweisung', en_GB: 'signature for the instruction' },
};

/**
 * One formatter per language, built once: building an Intl.DateTimeFormat costs about 50 times more than formatting
 * with it, and a reminder run formats two dates per mail (built per call, the bench's reminder run held the server's
 * event loop for half a second, every other user's call waiting).
 */
const DATE_FORMATS: Record<MailLanguage, Intl.DateTimeFormat> = {
  de_DE: new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }),
  en_GB: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }),
};

function formatDate(isoDate: string, language: MailLanguage): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return DATE_FORMATS[language].format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
}

const REMINDER_TEXTS = {
  de_DE: {
    greeting: (i: { firstName: string; lastName: string }) => `Hallo ${i.firstName} ${i.lastName},`,
    subject: (i: ReminderMailInput) =>
      i.event === 'overdue'
        ? `Überfällig: ${KIND_NAMES[i.kind].de_DE} „${i.title}“`
        : `Fällig in Kürze: ${KIND_NAMES[i.kind].de_DE} „${i.title}“`,
    body: (i: ReminderMailInput) =>
      i.event === 'overdue'
        ? `Ihre Aufgabe (${KIND_NAMES[i.kind].de_DE}) „${i.title}“ war am ${formatDate(i.dueDate, 'de_DE')} fällig und ist noch nicht erledigt. Bitte holen Sie sie bald nach.`
        : `Ihre Aufgabe (${KIND_NAMES[i.kind].de_DE}) „${i.title}“ ist am ${formatDate(i.dueDate, 'de_DE')} fällig.`,
    action: 'Aufgabe öffnen',
    settings: 'Erinnerungen per E-Mail schalten Sie in Ihrem Profil unter „Einstellungen“ ab:',
    regards: (name: string) => `Ihr ${name}-Team`,
  },
  en_GB: {
    greeting: (i: { firstName: string; lastName: string }) => `Hello ${i.firstName} ${i.lastName},`,
    subject: (i: ReminderMailInput) =>
      i.event === 'overdue'
        ? `Overdue: ${KIND_NAMES[i.kind].en_GB} "${i.title}"`
        : `Due soon: ${KIND_NAMES[i.kind].en_GB} "${i.title}"`,
    body: (i: ReminderMailInput) =>
      i.event === 'overdue'
        ? `Your ${KIND_NAMES[i.kind].en_GB} "${i.title}" was due on ${formatDate(i.dueDate, 'en_GB')} and is not done yet. Please complete it soon.`
        : `Your ${KIND_NAMES[i.kind].en_GB} "${i.title}" is due on ${formatDate(i.dueDate, 'en_GB')}.`,
    action: 'Open the task',
    settings: 'You can switch reminder e-mails off in your profile under "Settings":',
    regards: (name: string) => `Your ${name} team`,
  },
} as const;

function brandedHtml(language: MailLanguage, branding: MailBranding, inner: string): string {
  const footer = branding.footer?.trim() ? branding.footer.trim() : null;
  const logo = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.licenseeName)}" style="max-height:48px">`
    : `<strong>${escapeHtml(branding.licenseeName)}</strong>`;
  return `<!doctype html>
<html lang="${language === 'de_DE' ? 'de' : 'en'}"><body style="font-family:sans-serif;color:#3b3b3b">
<div style="border-bottom:4px solid ${escapeHtml(branding.primaryColour)};padding:8px 0;margin-bottom:16px">${logo}</div>
${inner}
${footer ? `<hr><p style="font-size:small">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>` : ''}
</body></html>
`;
}

/** A reminder (due in 7 days, or overdue) in the member's language with the licensee's branding and footer. */
export function renderReminderMail(input: ReminderMailInput): { subject: string; text: string; html: string } {
  const texts = REMINDER_TEXTS[input.language];
  const footer = input.footer?.trim() ? input.footer.trim() : null;
  const text = [
    texts.greeting(input),
    '',
    texts.body(input),
    '',
    `${texts.action}: ${input.link}`,
    '',
    texts.regards(input.licenseeName),
    '',
    texts.settings,
    input.settingsLink,
    ...(footer ? ['', '--', footer] : []),
    '',
  ].join('\n');
  const html = brandedHtml(
    input.language,
    input,
    `<p>${escapeHtml(texts.greeting(input))}</p>
<p>${escapeHtml(texts.body(input))}</p>
<p><a href="${escapeHtml(input.link)}" style="color:${escapeHtml(input.primaryColour)}">${escapeHtml(texts.action)}</a></p>
<p>${escapeHtml(texts.regards(input.licenseeName))}</p>
<p style="font-size:small">${escapeHtml(texts.settings)} <a href="${escapeHtml(input.settingsLink)}">${escapeHtml(input.settingsLink)}</a></p>`,
  );
  return { subject: texts.subject(input), text, html };
}

export interface DigestItem {
  kind: ReminderMailKind;
  memberName: string;
  title: string;
  dueDate: string;
}

export interface DigestMailInput extends MailBranding {
  language: MailLanguage;
  firstName: string;
  lastName: string;
  units: Array<{ name: string; overdueCount: number; items: DigestItem[] }>;
  link: string;
  settingsLink: string;
}

const DIGEST_TEXTS = {
  de_DE: {
    subject: (count: number) =>
      `Wochenübersicht: ${count} überfällige ${count === 1 ? 'Aufgabe' : 'Aufgaben'} in Ihren Organisationseinheiten`,
    intro:
      'als verantwortliche Person erhalten Sie hier die überfälligen Aufgaben der Mitarbeiter Ihrer Organisationseinheiten:',
    unit: (name: string, count: number) => `${name}: ${count} überfällig`,
    more: (count: number) => `… und ${count} weitere`,
    item: (i: DigestItem) =>
      `${i.memberName} – ${KIND_NAMES[i.kind].de_DE} „${i.title}“, fällig seit ${formatDate(i.dueDate, 'de_DE')}`,
    action: 'Zum Dashboard',
  },
  en_GB: {
    subject: (count: number) => `Weekly digest: ${count} overdue ${count === 1 ? 'task' : 'tasks'} in your org units`,
    intro: 'as a responsible person, here are the overdue tasks of the members of your org units:',
    unit: (name: string, count: number) => `${name}: ${count} overdue`,
    more: (count: number) => `… and ${count} more`,
    item: (i: DigestItem) =>
      `${i.memberName} – ${KIND_NAMES[i.kind].en_GB} "${i.title}", due since ${formatDate(i.dueDate, 'en_GB')}`,
    action: 'Open the dashboard',
  },
} as const;

/** The weekly digest of an org unit's overdue items for its responsible persons. */
export function renderDigestMail(input: DigestMailInput): { subject: string; text: string; html: string } {
  const texts = DIGEST_TEXTS[input.language];
  const common = REMINDER_TEXTS[input.language];
  const total = input.units.reduce((sum, unit) => sum + unit.overdueCount, 0);
  const footer = input.footer?.trim() ? input.footer.trim() : null;
  const unitText = input.units.flatMap((unit) => [
    texts.unit(unit.name, unit.overdueCount),
    ...unit.items.map((item) => `- ${texts.item(item)}`),
    ...(unit.overdueCount > unit.items.length ? [texts.more(unit.overdueCount - unit.items.length)] : []),
    '',
  ]);
  const text = [
    common.greeting(input),
    '',
    texts.intro,
    '',
    ...unitText,
    `${texts.action}: ${input.link}`,
    '',
    common.regards(input.licenseeName),
    '',
    common.settings,
    input.settingsLink,
    ...(footer ? ['', '--', footer] : []),
    '',
  ].join('\n');
  const unitHtml = input.units
    .map(
      (unit) => `<h3>${escapeHtml(texts.unit(unit.name, unit.overdueCount))}</h3>
<ul>${unit.items.map((item) => `<li>${escapeHtml(texts.item(item))}</li>`).join('')}${
        unit.overdueCount > unit.items.length
          ? `<li>${escapeHtml(texts.more(unit.overdueCount - unit.items.length))}</li>`
          : ''
      }</ul>`,
    )
    .join('\n');
  const html = brandedHtml(
    input.language,
    input,
    `<p>${escapeHtml(common.greeting(input))}</p>
<p>${escapeHtml(texts.intro)}</p>
${unitHtml}
<p><a href="${escapeHtml(input.link)}" style="color:${escapeHtml(input.primaryColour)}">${escapeHtml(texts.action)}</a></p>
<p>${escapeHtml(common.regards(input.licenseeName))}</p>
<p style="font-size:small">${escapeHtml(common.settings)} <a href="${escapeHtml(input.settingsLink)}">${escapeHtml(input.settingsLink)}</a></p>`,
  );
  return { subject: texts.subject(total), text, html };
}
