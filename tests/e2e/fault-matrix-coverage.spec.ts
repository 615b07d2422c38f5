import { expect, test } from '@playwright/test';
import { NOT_PORTAL_CALLS, documentedOperations, portalCalls } from './fault-matrix/calls';
import { FAULTS } from './fault-matrix/faults';
import { ALL_GROUPS } from './fault-matrix/groups';

/**
 * Issue 13, item 4: the matrix is generated from the OpenAPI document. Every operation the document lists is either
 * a row of the matrix or named, with its reason, as a call the portal does not make; a new operation fails this until
 * it is one or the other.
 */
test('the fault matrix covers every call of the OpenAPI document the portal makes, each once', () => {
  const rows = ALL_GROUPS.flatMap((group) => group.calls.map((scenario) => scenario.call));
  const documented = new Set(documentedOperations().map((operation) => operation.key));
  expect(
    rows.filter((call) => !documented.has(call)),
    'rows naming no documented operation',
  ).toEqual([]);
  expect(
    Object.keys(NOT_PORTAL_CALLS).filter((call) => !documented.has(call)),
    'exclusions naming no operation',
  ).toEqual([]);
  expect(
    rows.filter((call, index) => rows.indexOf(call) !== index),
    'calls with two rows',
  ).toEqual([]);
  expect(
    portalCalls()
      .map((operation) => operation.key)
      .filter((call) => !rows.includes(call)),
    'calls without a row',
  ).toEqual([]);
  test.info().annotations.push({
    type: 'fault matrix',
    description: `${rows.length} calls × ${FAULTS.length} faults = ${rows.length * FAULTS.length} cases; ${Object.keys(NOT_PORTAL_CALLS).length} operations are not portal calls`,
  });
});
