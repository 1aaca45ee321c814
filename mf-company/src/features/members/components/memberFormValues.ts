import type { Member, MemberFields } from '@dash/shared-core';

/** The form's text values of a member (checkboxes as 'true' or ''). */
export type MemberFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  role: string;
  language: string;
  phoneNumber: string;
  mobileNumber: string;
  gender: string;
  birthDate: string;
  externalCompany: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  pregnant: string;
  underage: string;
  createElearningTasks: string;
  createRiskAssessmentTasks: string;
  status: string;
};

export const EMPTY_MEMBER_FORM: MemberFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  role: 'member',
  language: 'de_DE',
  phoneNumber: '',
  mobileNumber: '',
  gender: 'd',
  birthDate: '',
  externalCompany: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'DE',
  pregnant: '',
  underage: '',
  createElearningTasks: 'true',
  createRiskAssessmentTasks: 'true',
  status: 'active',
};

export function formValuesOf(member: Member): MemberFormValues {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email ?? '',
    username: member.username,
    role: member.role,
    language: member.language,
    phoneNumber: member.phoneNumber ?? '',
    mobileNumber: member.mobileNumber ?? '',
    gender: member.gender,
    birthDate: member.birthDate ?? '',
    externalCompany: member.externalCompany ?? '',
    street: member.street ?? '',
    postalCode: member.postalCode ?? '',
    city: member.city ?? '',
    country: member.country ?? '',
    pregnant: member.specialAttributes.includes('pregnant') ? 'true' : '',
    underage: member.specialAttributes.includes('underage') ? 'true' : '',
    createElearningTasks: member.createElearningTasks ? 'true' : '',
    createRiskAssessmentTasks: member.createRiskAssessmentTasks ? 'true' : '',
    status: member.status,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The contract's fields from the form's text values. */
export function memberFieldsOf(values: MemberFormValues): MemberFields {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: orNull(values.email),
    username: values.username.trim().toLowerCase(),
    role: values.role as MemberFields['role'],
    language: values.language as MemberFields['language'],
    phoneNumber: orNull(values.phoneNumber),
    mobileNumber: orNull(values.mobileNumber),
    specialAttributes: [
      ...(values.pregnant ? (['pregnant'] as const) : []),
      ...(values.underage ? (['underage'] as const) : []),
    ],
    externalCompany: orNull(values.externalCompany),
    gender: values.gender as MemberFields['gender'],
    birthDate: orNull(values.birthDate),
    street: orNull(values.street),
    postalCode: orNull(values.postalCode),
    city: orNull(values.city),
    country: orNull(values.country),
    createElearningTasks: values.createElearningTasks === 'true',
    createRiskAssessmentTasks: values.createRiskAssessmentTasks === 'true',
  };
}
