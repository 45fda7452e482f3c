import { transaction, type LinesField } from '@circula/model';
import { describe, expect, it } from 'vitest';
import { buildPayload, fieldError } from '../../records/form/record-values';
import { CATALOGUE } from '@circula/model';
import { insertLineAfter, lineFieldError, lineFields, removeLine } from './LinesInput';

const lines = transaction.fields.lines as LinesField;
const rdr = CATALOGUE.target('rdr')!;

describe('lines of a header record (spec §4 form array)', () => {
  it('adds an empty line after the current one and keeps one line when the last is removed', () => {
    expect(insertLineAfter([{ id: 1 }, { id: 2 }], 0)).toEqual([{ id: 1 }, {}, { id: 2 }]);
    expect(removeLine([{ id: 1 }, { id: 2 }], 0)).toEqual([{ id: 2 }]);
    expect(removeLine([{ id: 1 }], 0)).toEqual([{}]);
  });

  it("shows every field of the child entity but its position, and checks each with the server's rules", () => {
    expect(lineFields(lines).map(([name]) => name)).not.toContain('lineNo');
    expect(lineFields(lines).map(([name]) => name)).toContain('waste');
    expect(lineFieldError(lines, 'waste', null)).toBe('REQUIRED');
    expect(lineFieldError(lines, 'unNumber', '12')).toBe('INVALID_FORMAT');
    expect(lineFieldError(lines, 'quantity', { value: 3, unit: 'KM' })).toBe('INVALID');
    expect(lineFieldError(lines, 'quantity', { value: 3, unit: 'T' })).toBeNull();
  });

  it('sends the lines without untouched empty ones, and says to check the lines when one is wrong', () => {
    const body = buildPayload(rdr, { lines: [{ id: 4, lineNo: 1, waste: 9, quantity: { value: 1, unit: 'T' }, description: '' }, {}] }, 3);
    expect(body.lines).toEqual([{ id: 4, lineNo: 1, waste: 9, quantity: { value: 1, unit: 'T' }, description: null }]);
    expect(fieldError(rdr, 'lines', [{}])).toBe('REQUIRED');
    expect(fieldError(rdr, 'lines', [{ waste: 9 }])).toBe('LINES_INVALID');
    expect(fieldError(rdr, 'lines', [{ waste: 9, quantity: { value: 1, unit: 'KG' } }])).toBeNull();
  });
});
