/**
 * Postal code formats (spec section 5, "Postal patterns"). Each names the characters that are removed before the
 * check (`RedundantCharacters`), the pattern the rest must match as a whole, case-insensitively
 * (`ValidationRegex`), and samples that must pass or fail (`TestData`), which the unit tests check.
 */
export interface PostalCodeFormat {
  Description: string;
  RedundantCharacters: string;
  ValidationRegex: string;
  TestData: { Valid: string[]; Invalid: string[] };
}

function format(
  Description: string,
  RedundantCharacters: string,
  ValidationRegex: string,
  Valid: string[],
  Invalid: string[],
): PostalCodeFormat {
  return { Description, RedundantCharacters, ValidationRegex, TestData: { Valid, Invalid } };
}

/** The British-style pattern of a single outward code plus `9AA` (overseas territories use a fixed code). */
const fixed = (code: string, spaced: string) =>
  format(
    `The fixed postal code ${spaced}`,
    ' -',
    code,
    [spaced, code, code.toLowerCase()],
    [`${code}1`, 'AB1 2CD', '12345'],
  );

const digits = (count: number, Valid: string[], Invalid: string[], redundant = ' -') =>
  format(`${count} digits`, redundant, `\\d{${count}}`, Valid, Invalid);

export const POSTAL_CODE_FORMATS: Readonly<Record<string, PostalCodeFormat>> = {
  '3digits': digits(3, ['101', '900'], ['10', '1011', 'A01']),
  '4digits': digits(4, ['1010', '8001', '0150', '1000'], ['123', '12345', '12A4', 'ABCD']),
  '5digits': digits(5, ['10115', '75008', '00184', '28013', '01 234'], ['1234', '123456', '1234A', 'ABCDE']),
  '6digits': digits(6, ['100000', '110001', '018956', '400 001'], ['12345', '1234567', '12345A']),
  '7digits': digits(7, ['1000001', '100-0001', '8320000'], ['123456', '12345678', '123-456']),
  '8digits': digits(8, ['01310100', '01310-100'], ['1234567', '123456789', '1234567A']),
  '10digits': digits(10, ['1193653471', '11936-53471'], ['123456789', '12345678901', '123456789A']),
  US: format(
    '5 digits with an optional 4-digit extension (ZIP+4); also the US territories and the Pacific states',
    ' -',
    '\\d{5}(?:\\d{4})?',
    ['10001', '90210-1234', '96799', '00901', '969101234'],
    ['1000', '100011', '10001-123', 'ABCDE', '10001-12345'],
  ),
  NL: format(
    '4 digits (first not 0) and 2 letters, not SA, SD or SS',
    ' ',
    '[1-9]\\d{3}(?!SA|SD|SS)[A-Z]{2}',
    ['1011 AB', '3511AX', '9999 zz', '1234 SB'],
    ['0123 AB', '1011 SA', '1011 SD', '1011 ss', '1011-AB', '10110', '1011 A'],
  ),
  PL: format('NN-NNN', ' ', '\\d{2}-\\d{3}', ['00-950', '31-042'], ['00950', '0-0950', '00-95', 'AB-123']),
  PT: format('NNNN-NNN', ' ', '\\d{4}-\\d{3}', ['1000-001', '4000-322'], ['1000001', '1000-01', '100-0001', '1000']),
  CA: format(
    'Letter, digit, letter, digit, letter, digit (no D, F, I, O, Q, U; no W or Z first)',
    ' -',
    '[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z]\\d[ABCEGHJ-NPRSTV-Z]\\d',
    ['K1A 0B1', 'M5V3L9', 'h0h 0h0', 'T2P-1J9'],
    ['D1A 0B1', 'W1A 0B1', 'K1A 0D1', 'K1A0B', '12345', 'K1A 0B1X'],
  ),
  GB: format(
    'UK postcode: outward code (area, district) and inward code (digit and two letters); also GIR 0AA',
    ' ',
    'GIR0AA|(?:[A-PR-UWYZ](?:\\d[\\dA-HJKPS-UW]?|[A-HK-Y]\\d[\\dABEHMNPRV-Y]?))\\d[ABD-HJLNP-UW-Z]{2}',
    ['SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA', 'gir0aa', 'sw1a1aa'],
    ['SW1A 1A', 'Q1 1AA', '1AA 1AA', 'SW1A 1CA', 'EC1A 1B1', '12345', 'SW1A1AAA'],
  ),
  IE: format(
    'Eircode: routing key (letter and two digits, or D6W) and a 4-character unique identifier',
    ' ',
    '(?:[AC-FHKNPRTV-Y]\\d{2}|D6W)[\\dAC-FHKNPRTV-Y]{4}',
    ['D02 AF30', 'A65 F4E2', 'T12 X8Y9', 'D6W 1234', 'd02af30'],
    ['D02 AF3', 'B02 AF30', 'D02 AB30', '12345', 'D6X 1234', 'D02 AF301'],
  ),
  RU: format('6 digits', ' ', '\\d{6}', ['101000', '190000'], ['10100', '1010000', '10100A']),
  DK: format(
    '4 digits, optionally with DK- in front',
    ' -',
    '(?:DK)?\\d{4}',
    ['1050', 'DK-1050', '8000'],
    ['105', '10500', 'DE-1050'],
  ),
  AD: format('AD and 3 digits', ' ', 'AD\\d{3}', ['AD500', 'AD 100', 'ad700'], ['500', 'AD50', 'AD5000', 'AE500']),
  AI: fixed('AI2640', 'AI-2640'),
  AQ: fixed('BIQQ1ZZ', 'BIQQ 1ZZ'),
  AX: format(
    '22 and 3 digits, optionally with AX- in front',
    ' -',
    '(?:AX)?22\\d{3}',
    ['22100', 'AX-22100', 'ax 22550'],
    ['21100', '2210', 'FI-22100'],
  ),
  AZ: format(
    '4 digits, optionally with AZ in front',
    ' -',
    '(?:AZ)?\\d{4}',
    ['AZ 1000', 'AZ1000', '1000'],
    ['AZ100', 'AZ 10000', 'AB 1000'],
  ),
  BB: format('BB and 5 digits', ' ', 'BB\\d{5}', ['BB15094', 'BB 11000'], ['15094', 'BB1509', 'BA15094']),
  BH: format('3 or 4 digits', ' ', '\\d{3,4}', ['317', '1216'], ['31', '12160', '31A']),
  BL: format('97133', ' ', '97133', ['97133'], ['97134', '9713', '971330']),
  BN: format('2 letters and 4 digits', ' ', '[A-Z]{2}\\d{4}', ['BS8811', 'KA 1131'], ['B8811', 'BS881', '123456']),
  FK: fixed('FIQQ1ZZ', 'FIQQ 1ZZ'),
  GF: format('973 and 2 digits', ' ', '973\\d{2}', ['97300', '97354'], ['97400', '9730', '973001']),
  GG: format(
    'GY, district and inward code',
    ' ',
    'GY\\d[\\dA-Z]?\\d[A-Z]{2}',
    ['GY1 1AA', 'GY10 4AA', 'gy11aa'],
    ['GY1 1A', 'JE1 1AA', 'GY 1AA'],
  ),
  GI: fixed('GX111AA', 'GX11 1AA'),
  GP: format('971 and 2 digits', ' ', '971\\d{2}', ['97100', '97190'], ['97200', '9710', '971000']),
  GS: fixed('SIQQ1ZZ', 'SIQQ 1ZZ'),
  HN: format(
    '5 digits, or 2 letters and 4 digits',
    ' ',
    '\\d{5}|[A-Z]{2}\\d{4}',
    ['11101', 'FM1101'],
    ['1110', '111011', 'F1101'],
  ),
  IM: format(
    'IM, district and inward code',
    ' ',
    'IM\\d[\\dA-Z]?\\d[A-Z]{2}',
    ['IM1 1AA', 'IM99 1PS', 'im11aa'],
    ['IM1 1A', 'JE1 1AA', 'IM 1AA'],
  ),
  IO: fixed('BBND1ZZ', 'BBND 1ZZ'),
  JE: format(
    'JE, district and inward code',
    ' ',
    'JE\\d[\\dA-Z]?\\d[A-Z]{2}',
    ['JE2 3AB', 'JE1 1AA', 'je23ab'],
    ['JE2 3A', 'GY2 3AB', 'JE 3AB'],
  ),
  KY: format(
    'KY, a digit, and 4 digits',
    ' -',
    'KY\\d{5}',
    ['KY1-1100', 'KY1 1100', 'ky11100'],
    ['KY1-110', 'KY-1100', 'KA1-1100'],
  ),
  LB: format(
    '4 digits, optionally followed by 4 more',
    ' ',
    '\\d{4}(?:\\d{4})?',
    ['1100', '2038 3054'],
    ['110', '11000', '2038 305'],
  ),
  LC: format('LC, 2 digits and 3 digits', ' ', 'LC\\d{5}', ['LC05 201', 'LC01101'], ['LC05 20', 'LC 201', '05201']),
  LT: format(
    '5 digits, optionally with LT- in front',
    ' -',
    '(?:LT)?\\d{5}',
    ['LT-01100', '01100', 'lt 01100'],
    ['LT-0110', '011000', 'LV-01100'],
  ),
  LU: format(
    '4 digits, optionally with L- in front',
    ' -',
    '(?:L)?\\d{4}',
    ['L-1009', '1009', 'l 1009'],
    ['L-100', '10090', 'LU-1009'],
  ),
  LV: format(
    '4 digits, optionally with LV- in front',
    ' -',
    '(?:LV)?\\d{4}',
    ['LV-1010', '1010', 'lv1010'],
    ['LV-101', 'LV-10100', 'LT-1010'],
  ),
  MC: format('980 and 2 digits', ' ', '980\\d{2}', ['98000', '98099'], ['98100', '9800', '980000']),
  MD: format(
    '4 digits, optionally with MD- in front',
    ' -',
    '(?:MD)?\\d{4}',
    ['MD-2001', '2001', 'md 2001'],
    ['MD-200', '20010', 'MA-2001'],
  ),
  MF: format('97150', ' ', '97150', ['97150'], ['97151', '9715', '971500']),
  MS: format('MSR and 4 digits', ' ', 'MSR\\d{4}', ['MSR 1110', 'MSR1350'], ['MSR 111', 'MS 1110', '1110']),
  MT: format(
    '3 letters and 2 to 4 digits',
    ' ',
    '[A-Z]{3}\\d{2,4}',
    ['VLT 1117', 'NXR 01', 'msk1234'],
    ['VL 1117', 'VLT 1', 'VLT 11170'],
  ),
  NC: format('988 and 2 digits', ' ', '988\\d{2}', ['98800', '98890'], ['98700', '9880', '988000']),
  PF: format('987 and 2 digits', ' ', '987\\d{2}', ['98714', '98700'], ['98600', '9871', '987140']),
  PM: format('97500', ' ', '97500', ['97500'], ['97501', '9750', '975000']),
  PN: fixed('PCRN1ZZ', 'PCRN 1ZZ'),
  RE: format('974 and 2 digits', ' ', '974\\d{2}', ['97400', '97490'], ['97300', '9740', '974000']),
  SH: format(
    'STHL 1ZZ (Saint Helena), ASCN 1ZZ (Ascension) or TDCU 1ZZ (Tristan da Cunha)',
    ' ',
    'STHL1ZZ|ASCN1ZZ|TDCU1ZZ',
    ['STHL 1ZZ', 'ASCN 1ZZ', 'tdcu1zz'],
    ['STHL 1ZY', 'SH 1ZZ', '12345'],
  ),
  SM: format('4789 and a digit', ' ', '4789\\d', ['47890', '47899'], ['47880', '4789', '478900']),
  SO: format('2 letters and 5 digits', ' ', '[A-Z]{2}\\d{5}', ['JH 09010', 'AW12345'], ['J 09010', 'JH 0901', '12345']),
  SZ: format('H, L, M or S and 3 digits', ' ', '[HLMS]\\d{3}', ['H100', 'M200', 's300'], ['A100', 'H10', 'H1000']),
  TC: fixed('TKCA1ZZ', 'TKCA 1ZZ'),
  TW: format('3, 5 or 6 digits', ' -', '\\d{3}(?:\\d{2,3})?', ['100', '10048', '100001'], ['10', '1004', '1000011']),
  VA: format('00120', ' ', '00120', ['00120'], ['00121', '0012', '001200']),
  VC: format('VC and 4 digits', ' ', 'VC\\d{4}', ['VC0100', 'VC 0400'], ['VC010', '0100', 'VA0100']),
  VE: format(
    '4 digits, optionally followed by a letter',
    ' -',
    '\\d{4}[A-Z]?',
    ['1010', '1010A', '1050-b'],
    ['101', '10100', '1010AB'],
  ),
  VG: format('VG11 and 1 to 6 and 0', ' ', 'VG11[1-6]0', ['VG1110', 'VG 1160'], ['VG1170', 'VG111', 'VG1111']),
  WF: format('986 and 2 digits', ' ', '986\\d{2}', ['98600', '98620'], ['98700', '9860', '986000']),
  WS: format('WS and 4 digits', ' ', 'WS\\d{4}', ['WS1382', 'ws 1382'], ['WS138', '1382', 'WS13820']),
};
