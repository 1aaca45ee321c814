import { describe, expect, it } from 'vitest';
import { certificateFileName } from './certificatePdf';

describe('certificateFileName', () => {
  const completedAt = new Date(2026, 4, 4, 12);
  it('names course, person and day in safe characters', () => {
    expect(
      certificateFileName({
        courseTitle: 'Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)',
        memberName: 'Jürgen Weiß-Öztürk',
        completedAt,
        language: 'de_DE',
      }),
    ).toBe('Allgemeine-Sicherheitsunterweisung-12-ArbSchG_Juergen-Weiss-Oeztuerk_2026-05-04.pdf');
  });
  it('drops what a header or file system could misread and keeps parts short', () => {
    const name = certificateFileName({
      courseTitle: `"; filename=evil.exe\r\n../${'x'.repeat(200)}`,
      memberName: 'Zoë Ångström 李',
      completedAt,
      language: 'en_GB',
    });
    expect(name).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(name.length).toBeLessThan(140);
    expect(name).toContain('_Zoe-Angstroem_2026-05-04.pdf');
  });
  it('falls back to the certificate word when the title has no usable character', () => {
    expect(certificateFileName({ courseTitle: '李', memberName: '', completedAt, language: 'de_DE' })).toBe(
      'Teilnahmebescheinigung_2026-05-04.pdf',
    );
  });
});
