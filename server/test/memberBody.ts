interface NamedMember {
  firstName: string;
  lastName: string;
  username: string;
  email: string | null;
  [field: string]: unknown;
}

/** A member's fields with every optional one empty. */
const EMPTY_FIELDS = {
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
};

/**
 * A member's fields (the update call's body without uuid and status) with every optional field empty: a test names
 * only the fields it is about (name, username, e-mail, and whatever it overrides).
 */
export function memberFieldsBody(fields: NamedMember) {
  return { ...EMPTY_FIELDS, ...fields };
}

/** The create-member call's body: the member's fields as `memberFieldsBody`, no org unit or location, no password. */
export function memberCreateBody(fields: NamedMember) {
  return {
    ...EMPTY_FIELDS,
    orgUnitUuids: [],
    locationUuids: [],
    passwordMode: 'noPassword',
    password: null,
    ...fields,
  };
}
