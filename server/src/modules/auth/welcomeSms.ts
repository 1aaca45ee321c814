import { toE164 } from '@dash/shared-core/phone';
import type { Queryable } from '../../core/db/database';
import { LICENSEE_HOST_NAMES } from '../../core/licensees/licensees';
import type { MailLanguage } from '../../core/mail/templates';
import type { SmsFailure, SmsSender } from '../../core/sms/smsSender';
import { renderWelcomeSms } from '../../core/sms/templates';
import { ApiHttpError } from '../../http/errors';
import { issuePasswordToken, linkBase, WELCOME_TOKEN_HOURS } from './passwordReset';

export interface SmsServices {
  db: Queryable;
  sms: SmsSender;
  publicUrl: string;
}

/** A welcome SMS that did not go out; `detail` is for the log (HTTP status, provider code), never the text. */
export class WelcomeSmsError extends ApiHttpError {
  constructor(
    failure: SmsFailure,
    readonly detail: string,
  ) {
    super(...WelcomeSmsError.answer(failure));
    this.name = 'WelcomeSmsError';
  }

  private static answer(failure: SmsFailure): ConstructorParameters<typeof ApiHttpError> {
    if (failure === 'recipientRejected') return [400, 'Sms.RecipientRejected'];
    if (failure === 'notConfigured') return [409, 'Sms.NotConfigured'];
    return [500, 'Sms.SendingFailed'];
  }
}

interface SmsMemberRow {
  client_uuid: string;
  mobile_number: string | null;
  first_name: string;
  language: MailLanguage;
  username: string;
  client_name: string;
  client_identifier: string;
  licensee_name: string;
  notification_footer_sms: string | null;
  host_names: string[];
  is_default: boolean;
}

/**
 * The welcome SMS of a member created with password mode bySms: the same 7-day one-time set-password link as the
 * welcome mail (a token of purpose `welcome`, stored as its SHA-256 only), with company ID and username, in the
 * member's language, and the licensee's SMS footer. 404 Member.NotFound, 400 Member.MobileNumberRequired or
 * Member.InvalidMobile, else a WelcomeSmsError when the SMS did not go out.
 */
export async function sendWelcomeSms(services: SmsServices, memberUuid: string): Promise<void> {
  const [member] = await services.db.query<SmsMemberRow>(
    `SELECT m.client_uuid, m.mobile_number, m.first_name, m.language, m.username, c.name AS client_name,
            c.identifier AS client_identifier, l.name AS licensee_name, l.notification_footer_sms, ${LICENSEE_HOST_NAMES} AS host_names,
            l.is_default
       FROM member m JOIN client c ON c.uuid = m.client_uuid JOIN licensee l ON l.uuid = c.licensee_uuid
      WHERE m.uuid = $1`,
    [memberUuid],
  );
  if (!member) throw new ApiHttpError(404, 'Member.NotFound');
  if (!member.mobile_number) throw new ApiHttpError(400, 'Member.MobileNumberRequired');
  const to = toE164(member.mobile_number);
  if (!to) throw new ApiHttpError(400, 'Member.InvalidMobile');
  const token = await issuePasswordToken(services.db, memberUuid, 'welcome', WELCOME_TOKEN_HOURS);
  const base = linkBase(services.publicUrl, member.host_names, member.is_default);
  const text = renderWelcomeSms({
    language: member.language,
    firstName: member.first_name,
    licenseeName: member.licensee_name,
    clientName: member.client_name,
    clientIdentifier: member.client_identifier,
    username: member.username,
    link: `${base}/auth/reset-password/${token}`,
    validHours: WELCOME_TOKEN_HOURS,
    footer: member.notification_footer_sms,
  });
  const result = await services.sms.send(services.db, {
    clientUuid: member.client_uuid,
    memberUuid,
    to,
    text,
  });
  if (!result.ok) throw new WelcomeSmsError(result.failure, result.detail);
}
