import type { RefreshResponse, SessionUser, Token } from '../../src/model/auth/auth';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/database';
import { accountsOf, findAccount, type AccountView } from '../store/auth/accounts';
import { insertRefreshToken, lockRefreshToken, markRotated, revokeFamily } from '../store/auth/refresh-tokens';
import type { AccessTokens } from './access-tokens';
import { digest, newId, newOpaqueToken } from './secrets';

export interface TokenPair {
  readonly accessToken: Token;
  readonly refreshToken: Token;
}

/** Why a refresh was refused; the client hears one answer for all of them, the log hears which. */
export type RefreshRefusal = 'unknown' | 'reused' | 'revoked' | 'superseded' | 'expired';

export type RefreshOutcome =
  { readonly ok: true; readonly tokens: RefreshResponse } | { readonly ok: false; readonly reason: RefreshRefusal };

/**
 * How long after its trade a refresh token may be traded again. The tabs of one browser share the pair through
 * localStorage, whose write reaches another tab's process a moment late, so a second tab can send the token the
 * first has just traded; within this grace it gets a pair of its own in the same chain. Later, a second use means a
 * copy is in someone else's hands. (Identity providers call it the reuse interval.)
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** Issues, rotates and describes sign-in sessions: an access token plus a refresh token in a family. */
export class Sessions {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly config: ServerConfig,
    private readonly clock: Clock,
  ) {}

  /** A new pair for the account; `familyId` continues a rotation chain, its absence starts one. */
  async issue(
    q: Queryable,
    account: Pick<AccountView, 'accountId' | 'practiceId'>,
    rememberMe: boolean,
    familyId = newId(),
  ): Promise<TokenPair> {
    const now = this.clock();
    const lifetime = rememberMe ? this.config.rememberMeRefreshTokenTtlSeconds : this.config.refreshTokenTtlSeconds;
    const expiresAt = new Date(now.getTime() + lifetime * 1000);
    const refresh = newOpaqueToken();
    const { tokenVersion } = await insertRefreshToken(q, {
      id: newId(),
      tokenHash: digest(refresh),
      accountId: account.accountId,
      familyId,
      rememberMe,
      createdAt: now,
      expiresAt,
    });
    const accessToken = await this.accessTokens.issue({
      accountId: account.accountId,
      practiceId: account.practiceId,
      rememberMe,
      tokenVersion,
    });
    return { accessToken, refreshToken: { token: refresh, expiresAt: expiresAt.toISOString() } };
  }

  /**
   * Trades a refresh token for a new pair and retires it. A token presented again after the reuse grace means a
   * copy is in someone else's hands, so the whole chain it belongs to is revoked. Run inside a transaction.
   */
  async rotate(q: Queryable, refreshToken: string): Promise<RefreshOutcome> {
    const now = this.clock();
    const graceStart = new Date(now.getTime() - REFRESH_REUSE_GRACE_SECONDS * 1000);
    const stored = await lockRefreshToken(q, digest(refreshToken), now, graceStart);
    if (!stored) return { ok: false, reason: 'unknown' };
    if (stored.rotated && !stored.rotatedRecently) {
      await revokeFamily(q, stored.familyId, now);
      return { ok: false, reason: 'reused' };
    }
    // A chain ended by a sign-out, a password change or a reuse stays ended, grace or not.
    if (stored.revoked) return { ok: false, reason: 'revoked' };
    // Stored by a refresh that ran while a password change committed, unseen by the change's revocation.
    if (stored.superseded) return { ok: false, reason: 'superseded' };
    if (stored.expired) return { ok: false, reason: 'expired' };
    if (!stored.rotated) await markRotated(q, stored.id, now);
    const tokens = await this.issue(q, stored, stored.rememberMe, stored.familyId);
    return { ok: true, tokens };
  }

  /**
   * Sign-out: revokes the token's whole rotation chain, so that neither it nor any copy of a token of its chain
   * refreshes again. Answers whether the token was known, for the log only. Run inside a transaction: the lock waits
   * for a refresh of the same token under way, so that the pair it issues is in the chain when it is revoked.
   */
  async end(q: Queryable, refreshToken: string): Promise<boolean> {
    const now = this.clock();
    const stored = await lockRefreshToken(q, digest(refreshToken), now, now);
    if (!stored) return false;
    await revokeFamily(q, stored.familyId, now);
    return true;
  }

  /** The user object of the contract for one account, with the tokens just issued for it. */
  async userObject(q: Queryable, account: AccountView, tokens: TokenPair): Promise<SessionUser> {
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      unitType: account.unitType,
      userType: account.userType,
      practice: { practiceId: account.practiceId, userId: account.accountId, name: account.practiceName, userType: account.userType },
      practices: await accountsOf(q, account.personId),
      forceIdentityMigration: account.forceIdentityMigration,
    };
  }

  /** Re-reads the account after a write, so the answer shows what was stored (e.g. the cleared migration flag). */
  async reload(q: Queryable, account: Pick<AccountView, 'accountId' | 'practiceId'>): Promise<AccountView> {
    const fresh = await findAccount(q, account.accountId, account.practiceId);
    if (!fresh) throw new Error(`Account ${account.accountId} vanished while it was being answered`);
    return fresh;
  }
}
