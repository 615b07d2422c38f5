import type { Queryable } from '../../db/database';

export interface PersonCredentials {
  readonly personId: string;
  readonly passwordHash: string;
}

interface CredentialsRow extends Record<string, unknown> {
  id: string;
  password_hash: string;
}

/**
 * The person whose username or email is `login`, regardless of case. Should one person's email equal
 * another's username, the username wins, since that is what the person was given to sign in with.
 */
export async function findByLogin(q: Queryable, login: string): Promise<PersonCredentials | null> {
  const [row] = await q.query<CredentialsRow>(
    `SELECT id, password_hash FROM people
     WHERE lower(username) = lower($1) OR lower(email) = lower($1)
     ORDER BY (lower(username) = lower($1)) DESC
     LIMIT 1`,
    [login],
  );
  return row ? { personId: row.id, passwordHash: row.password_hash } : null;
}

export async function credentialsOf(q: Queryable, personId: string): Promise<PersonCredentials | null> {
  const [row] = await q.query<CredentialsRow>('SELECT id, password_hash FROM people WHERE id = $1', [personId]);
  return row ? { personId: row.id, passwordHash: row.password_hash } : null;
}

/**
 * Sets the person's password and raises their token version in the same statement, so that no access or refresh
 * token issued before the change is accepted after it (issue 37 item 9); tokens issued later in the same transaction
 * carry the new version.
 */
export async function setPassword(
  q: Queryable,
  personId: string,
  passwordHash: string,
  options: { clearMigration: boolean } = { clearMigration: false },
): Promise<void> {
  await q.query(
    `UPDATE people SET password_hash = $2, token_version = token_version + 1,
       force_identity_migration = CASE WHEN $3 THEN false ELSE force_identity_migration END
     WHERE id = $1`,
    [personId, passwordHash, options.clearMigration],
  );
}
