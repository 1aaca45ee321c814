import { describe, expect, it } from 'vitest';
import { formatVerificationCode, normaliseVerificationCode, verificationUrl } from './certificates';

describe('verification codes', () => {
  it('reads a code as people type it', () => {
    for (const typed of ['7K3M-Q9XD-2HPA', '7k3mq9xd2hpa', ' 7K3M Q9XD 2HPA ', '7K3M-q9xd 2hpa']) {
      expect(normaliseVerificationCode(typed), typed).toBe('7K3MQ9XD2HPA');
    }
    // The letters mistaken for digits: O is 0, I and L are 1.
    expect(normaliseVerificationCode('OI23-L567-89AB')).toBe('0123156789AB');
  });

  it('refuses what cannot be a code', () => {
    for (const typed of [
      '',
      '7K3M-Q9XD-2HP',
      '7K3M-Q9XD-2HPAX',
      '7K3M--Q9XD-2HPA',
      '7K3M_Q9XD_2HPA',
      'UUUU-UUUU-UUUU',
      '7K3M-Q9XD-2HP\u0000',
    ]) {
      expect(normaliseVerificationCode(typed), JSON.stringify(typed)).toBeNull();
    }
  });

  it('shows a code in groups of four and builds the address of its check', () => {
    expect(formatVerificationCode('7K3MQ9XD2HPA')).toBe('7K3M-Q9XD-2HPA');
    expect(formatVerificationCode('7K3M-Q9XD-2HPA')).toBe('7K3M-Q9XD-2HPA');
    expect(verificationUrl('7K3MQ9XD2HPA', 'https://dashboard.example/')).toBe(
      'https://dashboard.example/verify/7K3M-Q9XD-2HPA',
    );
    expect(verificationUrl('7K3MQ9XD2HPA')).toBe('/verify/7K3M-Q9XD-2HPA');
  });
});
