import { describe, expect, it } from 'vitest';
import { addressFill, withCoordinates } from './address-map';

const address = { route: 'Via Roma', streetNumber: '12', locality: 'Lodi', province: 'LO', country: 'IT', postalCode: '26900' };

describe('address from the map', () => {
  it('stores the coordinates with 6 decimals and a dot', () => {
    expect(withCoordinates({ city: 'Lodi' }, 45.3142719, 9.5033)).toEqual({ city: 'Lodi', latitude: '45.314272', longitude: '9.503300' });
  });

  it('fills only the empty fields, the country as alpha-3', () => {
    expect(addressFill({ street: 'Corso Italia', city: '' }, address)).toEqual({ houseNumber: '12', city: 'Lodi', zip: '26900', country: 'ITA', province: 'LO' });
    expect(addressFill({ street: 'x', houseNumber: '1', city: 'y', zip: 'z', country: 'ITA', province: 'MI' }, address)).toEqual({});
  });

  it('an Italian province only as its two-letter code; abroad as text', () => {
    expect(addressFill({}, { ...address, province: 'Lodi' }).province).toBeUndefined();
    expect(addressFill({}, { ...address, country: 'CH', province: 'Ticino' })).toMatchObject({ country: 'CHE', province: 'Ticino' });
  });

  it('nothing without an address, nothing unknown or too long', () => {
    expect(addressFill({}, null)).toEqual({});
    expect(addressFill({}, { route: null, streetNumber: null, locality: null, province: null, country: 'ZZ', postalCode: '1234567890123' })).toEqual({});
  });
});
