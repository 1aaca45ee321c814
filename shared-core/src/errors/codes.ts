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
  // a bulk call's filter matches more rows than one call may change (BULK_MAX)
  'Bulk.TooManyRows',
  // operations: GET /readyz while the database does not answer or migrations are missing (docs/operating.md)
  'Server.NotReady',
  // the database cannot be reached for the moment (503)
  'Database.Unavailable',
  // session and access
  'Auth.Unauthorized',
  'Auth.Forbidden',
  'Auth.FeatureDisabled',
  'Login.Failed',
  'Login.Deactivated',
  // the member's client is deactivated by its licensee (licensee console)
  'Login.ClientDeactivated',
  'Login.TooManyAttempts',
  'SupportLogin.NotAllowed',
  'SupportLogin.InvalidToken',
  'SupportLogin.TokenTooOld',
  // a console support session that was ended early (by its adviser or a licensee admin), or ended already
  'SupportSession.NotFound',
  'SupportSession.NotRunning',
  // licensee staff (licensee console): the staff member does not exist (or is another licensee's); the change would
  // leave the licensee without an active licensee admin; an admin deactivates his own account
  'Staff.NotFound',
  'Staff.LastAdmin',
  'Staff.SelfDeactivation',
  // client / licensee
  'Client.NotFound',
  'Client.InvalidLastResetDate',
  'Client.IdentifierExists',
  'Client.MaxMembersReached',
  'Client.MaxMembersBelowCount',
  'Licensee.NotFound',
  // licensee branding: the contrast colour on the primary colour is below WCAG AA (4.5:1) in the light or dark theme
  'Licensee.ContrastTooLow',
  // licensee domains (spec section 8 "domain: exists, not found, mismatch"): the host name belongs to a licensee
  // already; is none of the signed-in licensee's; is the host this console is open under (removing it would hand the
  // host to another licensee's branding); is not a host name
  'Domain.Exists',
  'Domain.NotFound',
  'Domain.Mismatch',
  'Domain.Invalid',
  // course content sources of a licensee (licensee console, docs/scorm.md): an entry is not an allowed https source;
  // more than 20 entries
  'CourseSources.Invalid',
  'CourseSources.TooMany',
  // releases of an area (licensee console, docs/releases.md): the store has no such release; the release does not
  // fit this server or its shell (its shared packages or its API contract)
  'Release.NotFound',
  'Release.Incompatible',
  'File.NotFound',
  // single sign-on (OpenID Connect per client, docs/single-sign-on.md): the client signs in through its provider
  // only; no provider is set up (or offered) for the company; the issuer's discovery document cannot be read or does
  // not fit (other issuer, no code flow with PKCE); the provider does not answer; it answered with an error (the user
  // cancelled, the client is not allowed); the sign-in's state is unknown, used or older than ten minutes; the ID
  // token fails a check (signature, issuer, audience, expiry, nonce); no member matches the provider's account; the
  // deployment has no SECRETS_KEY to encrypt the client secret with
  'Login.SsoRequired',
  'Sso.NotConfigured',
  'Sso.DiscoveryFailed',
  'Sso.ProviderUnavailable',
  'Sso.ProviderError',
  'Sso.StateInvalid',
  'Sso.TokenInvalid',
  'Sso.UnknownMember',
  'Secrets.KeyMissing',
  // SCIM provisioning (docs/scim.md): the token is not one of the client's
  'ScimToken.NotFound',
  // members
  'Member.NotFound',
  'Member.Invalid',
  'Member.InvalidPhone',
  'Member.InvalidMobile',
  'Member.InvalidName',
  // password mode bySms: the member has no mobile number to send the link to
  'Member.MobileNumberRequired',
  'Mail.AlreadyExists',
  'Username.AlreadyExists',
  // password
  'Password.AlreadyUsed',
  'Password.ConfirmationMismatch',
  'Password.Invalid',
  'PasswordResetToken.NotFound',
  'PasswordResetToken.TooOld',
  'Notification.SendingFailed',
  // SMS (password mode bySms): no provider set up, the provider refused the number, or it failed or did not answer
  'Sms.NotConfigured',
  'Sms.RecipientRejected',
  'Sms.SendingFailed',
  // e-learnings and risk assessments
  'Elearning.NotFound',
  'RiskAssessmentTask.NotFound',
  // company area, member import (spec section 8)
  'Client.Invalid',
  'Client.InvalidPostalCode',
  'Client.RemoveFailed',
  'Member.AlreadyExists',
  'Member.HasResponsibleLocation',
  'Member.HasResponsibleOrgUnit',
  'Member.HasResponsibleRiskAction',
  'Member.InvalidPostalCode',
  'Member.InvalidBirthDate',
  'Member.CannotChangeSelf',
  'Member.LastSuperAdmin',
  'Member.NotArchived',
  'Member.Archived',
  'Username.Invalid',
  'User.NotFound',
  'MemberDetails.Invalid',
  'Role.Invalid',
  'Role.NotAllowed',
  'Role.NotFound',
  'SuperAdmin.CreationFailed',
  'Password.Empty',
  'Password.InvalidMode',
  'Password.TooWeak',
  'Unarchive.ExceedsMaxMembers',
  'MemberImport.ExceedsMaxMembers',
  'MemberImport.CsvProcessingFailed',
  'MemberImport.CursorNotFound',
  'BatchJob.NotFound',
  'BatchJob.Interrupted',
  'File.StreamFailed',
  'File.InvalidType',
  'Template.NotFound',
  // instruction records (docs/instructions.md)
  'Instruction.NotFound',
  'Instruction.TargetNotFound',
  'Instruction.TargetEmpty',
  'Instruction.InstructorNotFound',
  'Instruction.DocumentNotFound',
  'Instruction.InvalidSignature',
  'Instruction.AlreadyConfirmed',
  'Instruction.Signed',
  'MemberGroup.NotFound',
  'MemberGroup.IdExists',
  'MemberGroup.NotInClient',
  'MemberGroup.MembersNotChanged',
  'OrgUnit.NotFound',
  'OrgUnit.IdExists',
  'OrgUnit.IdentifierExists',
  'OrgUnit.NotInClient',
  'OrgUnit.InvalidResponsibleMembers',
  'OrgUnit.RootExists',
  'OrgUnit.ParentMismatch',
  'OrgUnit.MembersNotChanged',
  'OrgUnit.RootNotDeletable',
  'OrgUnit.DefaultNotDeletable',
  'OrgUnit.HasChildren',
  'Location.NotFound',
  'Location.IdExists',
  'Location.NotInClient',
  'Location.InvalidResponsibleMembers',
  'Location.InvalidPostalCode',
  // an address country (company, location, member) outside the client's offered countries (licensee console)
  'Address.CountryNotOffered',
  'Location.MembersNotChanged',
  // e-learnings and risk assessments (spec section 8)
  'Elearning.WrongAssociation',
  'Elearning.EmptyScormPath',
  'Elearning.InvalidDate',
  'Elearning.Inactive',
  'ElearningTask.NotFound',
  'ElearningTask.WrongAssociation',
  'MemberExecution.NotFound',
  'MemberExecution.WrongAssociation',
  'MemberExecution.ScoNotFound',
  'ElearningResult.NotFound',
  // the public verification page: no certificate has this code (or it belongs to another licensee's client)
  'Certificate.NotFound',
  'ElearningPackage.InvalidZip',
  'ElearningPackage.UnsafePath',
  'ElearningPackage.TooLarge',
  'ElearningPackage.TooManyFiles',
  'ElearningPackage.MissingManifest',
  'ElearningPackage.InvalidManifest',
  // a course file's link (course origin) that is not signed by us, has expired or names another member
  'CourseFile.InvalidLink',
  'RiskAssessmentExecution.AlreadyCompleted',
  'RiskAssessmentExecution.Locked',
  'RiskAssessmentExecution.TakenOver',
  'RiskAssessmentExecution.NotFound',
  'RiskAssessmentExecution.NotMembers',
  'RiskAssessmentExecution.Incomplete',
  'Risk.NotFound',
  'Risk.InvalidStatus',
  'Action.NotFound',
  'Action.Exists',
  // effectiveness checks and sign-off (docs/risk-assessment-follow-up.md)
  'Action.NotDone',
  'Action.AlreadyChecked',
  'Action.CheckNoteRequired',
  'Evaluation.Approved',
  'Evaluation.NotApproved',
  'Evaluation.Superseded',
  // evidence photos of inspections (docs/risk-assessment-follow-up.md "Evidence")
  'Evidence.InvalidImage',
  'Evidence.TooMany',
  'Evidence.SurveyAnonymous',
  'Evidence.NotFound',
  'Action.InvalidDueDate',
  'Task.Exists',
  'Task.Inactive',
  'Task.Invalid',
  'Task.InvalidType',
  'Task.TypeMismatch',
  'Task.NotEnoughCompletedMemberTasks',
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
