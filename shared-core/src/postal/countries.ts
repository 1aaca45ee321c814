/**
 * Country reference data (spec section 3): name, ISO 3166 alpha-2, alpha-3 and numeric code (a string, with its
 * leading zeros) and, where the country has postal codes, the name of its postal code format (see `formats.ts`).
 * Countries without a format (e.g. Angola, Bahamas, Belize, Ghana, Qatar, the Emirates) accept any postal code.
 */
export interface Country {
  countryName: string;
  alpha2: string;
  alpha3: string;
  numeric3: string;
  postalCodeFormat?: string;
}

type Row = [countryName: string, alpha2: string, alpha3: string, numeric3: string, postalCodeFormat?: string];

const ROWS: Row[] = [
  ['Andorra', 'AD', 'AND', '020', 'AD'],
  ['United Arab Emirates', 'AE', 'ARE', '784'],
  ['Anguilla', 'AI', 'AIA', '660', 'AI'],
  ['Angola', 'AO', 'AGO', '024'],
  ['Antarctica', 'AQ', 'ATA', '010', 'AQ'],
  ['American Samoa', 'AS', 'ASM', '016', 'US'],
  ['Austria', 'AT', 'AUT', '040', '4digits'],
  ['Australia', 'AU', 'AUS', '036', '4digits'],
  ['Åland Islands', 'AX', 'ALA', '248', 'AX'],
  ['Azerbaijan', 'AZ', 'AZE', '031', 'AZ'],
  ['Barbados', 'BB', 'BRB', '052', 'BB'],
  ['Belgium', 'BE', 'BEL', '056', '4digits'],
  ['Bahrain', 'BH', 'BHR', '048', 'BH'],
  ['Saint Barthélemy', 'BL', 'BLM', '652', 'BL'],
  ['Brunei Darussalam', 'BN', 'BRN', '096', 'BN'],
  ['Brazil', 'BR', 'BRA', '076', '8digits'],
  ['Bahamas', 'BS', 'BHS', '044'],
  ['Belarus', 'BY', 'BLR', '112', '6digits'],
  ['Belize', 'BZ', 'BLZ', '084'],
  ['Canada', 'CA', 'CAN', '124', 'CA'],
  ['Switzerland', 'CH', 'CHE', '756', '4digits'],
  ['Chile', 'CL', 'CHL', '152', '7digits'],
  ['China', 'CN', 'CHN', '156', '6digits'],
  ['Germany', 'DE', 'DEU', '276', '5digits'],
  ['Denmark', 'DK', 'DNK', '208', 'DK'],
  ['Estonia', 'EE', 'EST', '233', '5digits'],
  ['Spain', 'ES', 'ESP', '724', '5digits'],
  ['Finland', 'FI', 'FIN', '246', '5digits'],
  ['Falkland Islands (Malvinas)', 'FK', 'FLK', '238', 'FK'],
  ['Micronesia (Federated States of)', 'FM', 'FSM', '583', 'US'],
  ['France', 'FR', 'FRA', '250', '5digits'],
  ['United Kingdom', 'GB', 'GBR', '826', 'GB'],
  ['French Guiana', 'GF', 'GUF', '254', 'GF'],
  ['Guernsey', 'GG', 'GGY', '831', 'GG'],
  ['Ghana', 'GH', 'GHA', '288'],
  ['Gibraltar', 'GI', 'GIB', '292', 'GI'],
  ['Guadeloupe', 'GP', 'GLP', '312', 'GP'],
  ['Greece', 'GR', 'GRC', '300', '5digits'],
  ['South Georgia and the South Sandwich Islands', 'GS', 'SGS', '239', 'GS'],
  ['Guam', 'GU', 'GUM', '316', 'US'],
  ['Honduras', 'HN', 'HND', '340', 'HN'],
  ['Croatia', 'HR', 'HRV', '191', '5digits'],
  ['Hungary', 'HU', 'HUN', '348', '4digits'],
  ['Ireland', 'IE', 'IRL', '372', 'IE'],
  ['Israel', 'IL', 'ISR', '376', '7digits'],
  ['Isle of Man', 'IM', 'IMN', '833', 'IM'],
  ['India', 'IN', 'IND', '356', '6digits'],
  ['British Indian Ocean Territory', 'IO', 'IOT', '086', 'IO'],
  ['Iran', 'IR', 'IRN', '364', '10digits'],
  ['Iceland', 'IS', 'ISL', '352', '3digits'],
  ['Italy', 'IT', 'ITA', '380', '5digits'],
  ['Jersey', 'JE', 'JEY', '832', 'JE'],
  ['Japan', 'JP', 'JPN', '392', '7digits'],
  ['Cayman Islands', 'KY', 'CYM', '136', 'KY'],
  ['Lebanon', 'LB', 'LBN', '422', 'LB'],
  ['Saint Lucia', 'LC', 'LCA', '662', 'LC'],
  ['Lithuania', 'LT', 'LTU', '440', 'LT'],
  ['Luxembourg', 'LU', 'LUX', '442', 'LU'],
  ['Latvia', 'LV', 'LVA', '428', 'LV'],
  ['Monaco', 'MC', 'MCO', '492', 'MC'],
  ['Moldova', 'MD', 'MDA', '498', 'MD'],
  ['Saint Martin (French part)', 'MF', 'MAF', '663', 'MF'],
  ['Marshall Islands', 'MH', 'MHL', '584', 'US'],
  ['Northern Mariana Islands', 'MP', 'MNP', '580', 'US'],
  ['Montserrat', 'MS', 'MSR', '500', 'MS'],
  ['Malta', 'MT', 'MLT', '470', 'MT'],
  ['Mexico', 'MX', 'MEX', '484', '5digits'],
  ['New Caledonia', 'NC', 'NCL', '540', 'NC'],
  ['Netherlands', 'NL', 'NLD', '528', 'NL'],
  ['Norway', 'NO', 'NOR', '578', '4digits'],
  ['French Polynesia', 'PF', 'PYF', '258', 'PF'],
  ['Poland', 'PL', 'POL', '616', 'PL'],
  ['Saint Pierre and Miquelon', 'PM', 'SPM', '666', 'PM'],
  ['Pitcairn', 'PN', 'PCN', '612', 'PN'],
  ['Puerto Rico', 'PR', 'PRI', '630', 'US'],
  ['Portugal', 'PT', 'PRT', '620', 'PT'],
  ['Palau', 'PW', 'PLW', '585', 'US'],
  ['Qatar', 'QA', 'QAT', '634'],
  ['Réunion', 'RE', 'REU', '638', 'RE'],
  ['Romania', 'RO', 'ROU', '642', '6digits'],
  ['Russian Federation', 'RU', 'RUS', '643', 'RU'],
  ['Sweden', 'SE', 'SWE', '752', '5digits'],
  ['Singapore', 'SG', 'SGP', '702', '6digits'],
  ['Saint Helena, Ascension and Tristan da Cunha', 'SH', 'SHN', '654', 'SH'],
  ['San Marino', 'SM', 'SMR', '674', 'SM'],
  ['Somalia', 'SO', 'SOM', '706', 'SO'],
  ['Eswatini', 'SZ', 'SWZ', '748', 'SZ'],
  ['Turks and Caicos Islands', 'TC', 'TCA', '796', 'TC'],
  ['Türkiye', 'TR', 'TUR', '792', '5digits'],
  ['Taiwan', 'TW', 'TWN', '158', 'TW'],
  ['United States Minor Outlying Islands', 'UM', 'UMI', '581', 'US'],
  ['United States of America', 'US', 'USA', '840', 'US'],
  ['Holy See', 'VA', 'VAT', '336', 'VA'],
  ['Saint Vincent and the Grenadines', 'VC', 'VCT', '670', 'VC'],
  ['Venezuela', 'VE', 'VEN', '862', 'VE'],
  ['Virgin Islands (British)', 'VG', 'VGB', '092', 'VG'],
  ['Virgin Islands (U.S.)', 'VI', 'VIR', '850', 'US'],
  ['Wallis and Futuna', 'WF', 'WLF', '876', 'WF'],
  ['Samoa', 'WS', 'WSM', '882', 'WS'],
];

export const COUNTRIES: readonly Country[] = ROWS.map(([countryName, alpha2, alpha3, numeric3, postalCodeFormat]) =>
  postalCodeFormat
    ? { countryName, alpha2, alpha3, numeric3, postalCodeFormat }
    : { countryName, alpha2, alpha3, numeric3 },
);

const BY_CODE = new Map<string, Country>();
for (const country of COUNTRIES) {
  BY_CODE.set(country.alpha2, country);
  BY_CODE.set(country.alpha3, country);
}

/** Looks a country up by its alpha-2 or alpha-3 code (trimmed, any case); undefined when unknown. */
export function findCountry(code: string): Country | undefined {
  const normalized = code.trim().toUpperCase();
  if (normalized.length !== 2 && normalized.length !== 3) return undefined;
  return BY_CODE.get(normalized);
}
