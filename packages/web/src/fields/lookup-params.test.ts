import { describe, expect, it } from 'vitest';
import { lookupParams } from './lookup-values';

describe('lookupParams (spec §7 tablevalue)', () => {
  it('asks for the table unpaged with the extra filters, and the entity the options are for', () => {
    expect(lookupParams('DOCUMENT_TYPE', { alpha1: 'X', tagIds: [3, 4], entity: 'vehicles' })).toEqual({
      tableCodes: 'DOCUMENT_TYPE',
      unpaged: 'true',
      alpha1: 'X',
      tagIds: '3,4',
      entity: 'vehicles',
    });
  });

  it('leaves out empty filters', () => {
    expect(lookupParams('CURRENCY', { alpha1: '', entity: '' })).toEqual({ tableCodes: 'CURRENCY', unpaged: 'true' });
  });
});
