import { describe, expect, it } from 'vitest';
import { emergencyNumbersFor } from './emergencyNumbers';

describe('emergencyNumbersFor', () => {
  it('Germany: 112 for fire brigade and ambulance, 110 for the police', () => {
    expect(emergencyNumbersFor('DE')).toEqual([
      { number: '112', service: 'fireAndAmbulance' },
      { number: '110', service: 'police' },
    ]);
  });

  it('Austria: 112, fire brigade 122, police 133, ambulance 144', () => {
    expect(emergencyNumbersFor('at').map(({ number, service }) => `${number} ${service}`)).toEqual([
      '112 euro',
      '122 fire',
      '133 police',
      '144 ambulance',
    ]);
  });

  it('any other country: the European emergency number', () => {
    expect(emergencyNumbersFor('FR')).toEqual([{ number: '112', service: 'euro' }]);
  });
});
