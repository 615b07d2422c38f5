import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** An opaque token for the client, and the digest under which the server stores it. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newId(): string {
  return randomUUID();
}
