import type { PracticeAccount } from '../../../src/model/auth/auth';
import type { Queryable } from '../../db/database';

/** An account (the API's userId) with what the session answer needs of its practice and person. */
export interface AccountView {
  readonly accountId: number;
  readonly personId: string;
  readonly practiceId: number;
  readonly practiceName: string;
  readonly unitType: number;
  readonly userType: number;
  readonly forceIdentityMigration: boolean;
  /** The person's token version: an access token naming another one was issued before a password change. */
  readonly tokenVersion: number;
}

interface AccountViewRow extends Record<string, unknown> {
  account_id: number;
  person_id: string;
  practice_id: number;
  practice_name: string;
  unit_type: number;
  user_type: number;
  force_identity_migration: boolean;
  token_version: number;
}

const ACCOUNT_VIEW = `
  SELECT a.id AS account_id, a.person_id, a.practice_id, pr.name AS practice_name, pr.unit_type, a.user_type,
         pe.force_identity_migration, pe.token_version
  FROM accounts a
  JOIN practices pr ON pr.id = a.practice_id
  JOIN people pe ON pe.id = a.person_id`;

function toView(row: AccountViewRow): AccountView {
  return {
    accountId: row.account_id,
    personId: row.person_id,
    practiceId: row.practice_id,
    practiceName: row.practice_name,
    unitType: row.unit_type,
    userType: row.user_type,
    forceIdentityMigration: row.force_identity_migration,
    tokenVersion: row.token_version,
  };
}

/**
 * The account only when it sits at that practice: a token or a switch request names both. The ids are
 * compared as bigint, so a number beyond the column's range finds nothing instead of failing.
 */
export async function findAccount(q: Queryable, accountId: number, practiceId: number): Promise<AccountView | null> {
  const [row] = await q.query<AccountViewRow>(`${ACCOUNT_VIEW} WHERE a.id = $1::bigint AND a.practice_id = $2::bigint`, [
    accountId,
    practiceId,
  ]);
  return row ? toView(row) : null;
}

/** The account sign-in opens: the person's first one. */
export async function firstAccountOf(q: Queryable, personId: string): Promise<AccountView | null> {
  const [row] = await q.query<AccountViewRow>(`${ACCOUNT_VIEW} WHERE a.person_id = $1 ORDER BY a.position, a.id LIMIT 1`, [personId]);
  return row ? toView(row) : null;
}

/** Every account of one person, the same practice once per role, in the switcher's order. */
export async function accountsOf(q: Queryable, personId: string): Promise<PracticeAccount[]> {
  const rows = await q.query<AccountViewRow>(`${ACCOUNT_VIEW} WHERE a.person_id = $1 ORDER BY a.position, a.id`, [personId]);
  return rows.map((row) => ({ practiceId: row.practice_id, userId: row.account_id, name: row.practice_name, userType: row.user_type }));
}
