import { DEMO_PASSWORD } from '../../../server/seed/seed';

/**
 * What one server knows the others must know too: requests of one session, and wrong passwords for one account, sent
 * to each server in turn directly, past the proxy, so that which server answers each is certain.
 */

const json = { 'Content-Type': 'application/json' };

export async function post(origin: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}/portalApi${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
}

export interface Tokens {
  readonly accessToken: { readonly token: string };
  readonly refreshToken: { readonly token: string };
}

export async function signIn(origin: string, username: string, address: string): Promise<Tokens> {
  const answer = await post(origin, '/Auth', { username, password: DEMO_PASSWORD, rememberMe: true }, { 'X-Forwarded-For': address });
  if (answer.status !== 200) throw new Error(`Sign-in at ${origin} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as Tokens;
}

/**
 * One session's requests each to the next server directly: sign in at the first, refresh at each of the others in
 * turn, then a list at the first with the access token the last one issued.
 */
export async function sessionAcrossServers(
  servers: readonly { readonly origin: string }[],
  username: string,
): Promise<{ refreshes: number[]; listWithLastToken: number }> {
  const [first, ...others] = servers;
  if (!first) throw new Error('No server');
  let tokens = await signIn(first.origin, username, '10.43.1.1');
  const refreshes: number[] = [];
  for (const server of others) {
    const answer = await post(server.origin, '/Auth/refresh', { refreshToken: tokens.refreshToken.token });
    refreshes.push(answer.status);
    if (answer.status !== 200) break;
    tokens = (await answer.json()) as Tokens;
  }
  // The access token the last server issued, accepted by the first.
  const list = await fetch(`${first.origin}/portalApi/Kits?page=1&pageSize=1`, {
    headers: { Authorization: `Bearer ${tokens.accessToken.token}` },
  });
  await list.arrayBuffer();
  return { refreshes, listWithLastToken: list.status };
}

/** Wrong passwords for one username from one address, sent to the servers in turn: the status of each answer. */
export async function wrongPasswordsAcrossServers(
  servers: readonly { readonly origin: string }[],
  username: string,
  attempts: number,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const server = servers[attempt % servers.length];
    if (!server) throw new Error('No server');
    const answer = await post(
      server.origin,
      '/Auth',
      { username, password: 'not-the-password', rememberMe: false },
      { 'X-Forwarded-For': '10.43.2.1' },
    );
    await answer.arrayBuffer();
    statuses.push(answer.status);
  }
  return statuses;
}
