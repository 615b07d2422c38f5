import { createHash } from 'node:crypto';

/**
 * The hash chain of the activity trail (issue 44): each row's hash is the SHA-256 of the previous row's hash (of the
 * same practice) and the row's own content, written as a JSON array in a fixed order. Editing a row's content makes its
 * hash wrong; editing its hash too breaks the next row's link; deleting a row breaks the link of the row after it.
 * The writer (record.ts) and the check (verify.ts, `npm run activity:check`) use this one function.
 */

/** The first row of a chain links to this (no row before it, and no purge yet). */
export const GENESIS_HASH = '';

export interface ChainedContent {
  readonly practiceId: number;
  readonly occurredAt: Date;
  readonly actorAccountId: number | null;
  readonly kind: string;
  readonly objectType: string;
  readonly objectId: string;
  readonly objectLabel: string;
  readonly detail: string | null;
  readonly address: string | null;
  readonly correlationId: string | null;
}

/**
 * A row's content in the chain's fixed order: what its hash covers, and the order in which record.ts inserts the
 * columns, so that the two can never list the fields differently.
 */
export function chainedValues(content: ChainedContent): readonly (string | number | null)[] {
  return [
    content.practiceId,
    content.occurredAt.toISOString(),
    content.actorAccountId,
    content.kind,
    content.objectType,
    content.objectId,
    content.objectLabel,
    content.detail,
    content.address,
    content.correlationId,
  ];
}

export function entryHash(prevHash: string, content: ChainedContent): string {
  return createHash('sha256')
    .update(JSON.stringify([prevHash, ...chainedValues(content)]))
    .digest('hex');
}
