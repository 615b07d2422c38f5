import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { idKey, idNumber, IdSchema, idSchema, sameId } from '../../src/model/id';
import { describeIssues } from '../../src/model/schema';

function problem(input: unknown, schema: v.GenericSchema = IdSchema): string {
  const result = v.safeParse(schema, input);
  return result.success ? '' : describeIssues(result.issues);
}

describe('identifiers (contract decisions: a number, or a string of digits, kept as received)', () => {
  it.each([0, 11, 111, Number.MAX_SAFE_INTEGER, '0', '11', '0011', '123456789012345678901234567890'])(
    'accepts %j and keeps it as it is',
    (id) => {
      expect(v.parse(IdSchema, id)).toBe(id);
    },
  );

  it.each([
    [{}, 'expected number or digits, got object'],
    [[11], 'expected number or digits, got array'],
    [null, 'expected number or digits, got null'],
    [undefined, 'expected number or digits, got undefined'],
    [true, 'expected number or digits, got boolean'],
    [-1, 'expected number or digits, got -1'],
    [1.5, 'expected number or digits, got 1.5'],
    [Number.NaN, 'expected number or digits, got NaN'],
    [2 ** 60, `expected number or digits, got ${2 ** 60}`],
    ['', 'expected number or digits, got ""'],
    ['abc', 'expected number or digits, got "abc"'],
    [' 11', 'expected number or digits, got " 11"'],
    ['-11', 'expected number or digits, got "-11"'],
    ['1e3', 'expected number or digits, got "1e3"'],
  ])('refuses %j: "%s"', (input, message) => {
    expect(problem(input)).toBe(message);
  });

  it('a request field names what is missing instead', () => {
    expect(problem(undefined, idSchema('userId is required'))).toBe('userId is required');
    expect(problem('x', idSchema('userId is required'))).toBe('expected number or digits, got "x"');
  });

  it('11 and "11" name the same record; nothing names the same record as a missing id', () => {
    expect(sameId(11, '11')).toBe(true);
    expect(sameId('11', '11')).toBe(true);
    expect(sameId(11, 12)).toBe(false);
    expect(sameId(11, null)).toBe(false);
    expect(sameId(undefined, undefined)).toBe(false);
    expect(idKey(11)).toBe(idKey('11'));
  });

  it('the number an id stands for, or null when no stored record can have it', () => {
    expect(idNumber(11)).toBe(11);
    expect(idNumber('0011')).toBe(11);
    expect(idNumber('123456789012345678901234567890')).toBeNull();
  });
});
