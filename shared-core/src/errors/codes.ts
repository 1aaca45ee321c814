/**
 * Every error code the API answers, `Area.Reason` (CONTRACT.md "HTTP conventions").
 * Each has a German and an English message under `errors.codes.<code>` in the common translations;
 * a unit test fails when one is missing.
 */
export const ERROR_CODES = [
  // transport and request shape
  'Csrf.Invalid',
  'Schema.ValidationFailed',
  'Request.TooLarge',
  'Request.UnsupportedMediaType',
  'Request.TooManyRequests',
  'Route.NotFound',
  'Dashboard.Exception',
  'Generic.InternalError',
  'Generic.PersistFailed',
  // session and access
  'Auth.Unauthorized',
  'Auth.Forbidden',
  'Auth.FeatureDisabled',
  'Login.Failed',
  'Login.Deactivated',
  'Login.TooManyAttempts',
  'SupportLogin.NotAllowed',
  'SupportLogin.InvalidToken',
  'SupportLogin.TokenTooOld',
  // client / licensee
  'Client.NotFound',
  'Client.InvalidLastResetDate',
  'Client.IdentifierExists',
  'Client.MaxMembersReached',
  'Licensee.NotFound',
  'File.NotFound',
  // members
  'Member.NotFound',
  'Member.Invalid',
  'Member.InvalidPhone',
  'Member.InvalidMobile',
  'Member.InvalidName',
  'Mail.AlreadyExists',
  'Username.AlreadyExists',
  // password
  'Password.AlreadyUsed',
  'Password.ConfirmationMismatch',
  'Password.Invalid',
  'PasswordResetToken.NotFound',
  'PasswordResetToken.TooOld',
  'Notification.SendingFailed',
  // e-learnings and risk assessments
  'Elearning.NotFound',
  'RiskAssessmentTask.NotFound',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: { code: string };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error === 'object' &&
    typeof (value as ErrorBody).error?.code === 'string'
  );
}
