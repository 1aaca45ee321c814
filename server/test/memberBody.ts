/**
 * The create-member call's body with every optional field empty and no password: a test names only the fields it
 * is about (name, username, e-mail, and whatever it overrides).
 */
export function memberCreateBody(fields: {
  firstName: string;
  lastName: string;
  username: string;
  email: string | null;
  [field: string]: unknown;
}) {
  return {
    role: 'member',
    language: 'de_DE',
    phoneNumber: null,
    mobileNumber: null,
    specialAttributes: [],
    externalCompany: null,
    gender: 'd',
    birthDate: null,
    street: null,
    postalCode: null,
    city: null,
    country: null,
    createElearningTasks: true,
    createRiskAssessmentTasks: true,
    orgUnitUuids: [],
    locationUuids: [],
    passwordMode: 'noPassword',
    password: null,
    ...fields,
  };
}
