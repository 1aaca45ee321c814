/** Who answers an emergency number: the label the notice shows beside it. */
export type EmergencyService = 'euro' | 'fireAndAmbulance' | 'fire' | 'police' | 'ambulance';

export interface EmergencyNumber {
  number: string;
  service: EmergencyService;
}

/**
 * The public emergency numbers per country (ISO 3166-1 alpha-2), most important first. 112 reaches the emergency
 * services everywhere in the EU; where fire brigade, police and ambulance have numbers of their own, the notice lists
 * them too, because staff from there dial those first.
 */
const BY_COUNTRY: Readonly<Record<string, readonly EmergencyNumber[]>> = {
  DE: [
    { number: '112', service: 'fireAndAmbulance' },
    { number: '110', service: 'police' },
  ],
  AT: [
    { number: '112', service: 'euro' },
    { number: '122', service: 'fire' },
    { number: '133', service: 'police' },
    { number: '144', service: 'ambulance' },
  ],
  CH: [
    { number: '112', service: 'euro' },
    { number: '118', service: 'fire' },
    { number: '117', service: 'police' },
    { number: '144', service: 'ambulance' },
  ],
};

/** A country without numbers of its own here: the European emergency number, which works in every EU state. */
const FALLBACK: readonly EmergencyNumber[] = [{ number: '112', service: 'euro' }];

export function emergencyNumbersFor(countryCode: string): readonly EmergencyNumber[] {
  return BY_COUNTRY[countryCode.toUpperCase()] ?? FALLBACK;
}
