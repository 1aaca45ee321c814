import { describe, expect, it } from 'vitest';
import { EMPTY_MEMBER_FORM, memberFieldsOf } from './memberFormValues';

describe('memberFieldsOf', () => {
  it('turns empty texts into null, ticks into special attributes and lower-cases the username', () => {
    const fields = memberFieldsOf({
      ...EMPTY_MEMBER_FORM,
      firstName: ' Zoë ',
      lastName: "D'Àngelo",
      username: 'Zoe.Dangelo',
      underage: 'true',
      createRiskAssessmentTasks: '',
      country: '',
    });
    expect(fields).toMatchObject({
      firstName: 'Zoë',
      lastName: "D'Àngelo",
      username: 'zoe.dangelo',
      email: null,
      phoneNumber: null,
      country: null,
      specialAttributes: ['underage'],
      createElearningTasks: true,
      createRiskAssessmentTasks: false,
    });
  });
});
