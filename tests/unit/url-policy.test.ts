import { describe, expect, it } from 'vitest';
import {
  endpointProblem,
  endpointProblemResolved,
  isPublicAddress,
  UrlPolicyText as T,
  type Resolve,
} from '../../server/developers/url-policy';

/** A resolver answering fixed addresses, so no test depends on the network. */
const resolvesTo =
  (...addresses: string[]): Resolve =>
  () =>
    Promise.resolve(addresses);
const fails: Resolve = () => Promise.reject(new Error('ENOTFOUND'));

describe('which addresses are public (issue 11: no server-side request forgery)', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::808:808', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12, its top'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'IPv6 loopback'],
    ['fc00::1', 'IPv6 unique-local'],
    ['fd12:3456::1', 'IPv6 unique-local (fd)'],
    ['fe80::1', 'IPv6 link-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, as a URL writes it'],
    ['::a9fe:a9fe', 'IPv4-compatible link-local (cloud metadata)'],
    ['::a00:1', 'IPv4-compatible private 10/8'],
    ['::', 'IPv6 unspecified'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['224.0.0.1', 'multicast'],
    ['not an address', 'no address at all'],
  ])('%s is not (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('endpointProblem: what is wrong without resolving the host', () => {
  it('accepts a public https endpoint in production and in development', () => {
    expect(endpointProblem('https://hooks.example.com/lab', true)).toBeNull();
    expect(endpointProblem('https://93.184.216.34/lab', true)).toBeNull();
    expect(endpointProblem('https://[2606:4700:4700::1111]/lab', true)).toBeNull();
    expect(endpointProblem('https://hooks.example.com/lab', false)).toBeNull();
  });

  it('refuses what is not an absolute http or https URL, in either setting', () => {
    for (const production of [true, false]) {
      for (const endpoint of ['', 'hooks.example.com', '/relative', 'ftp://example.com', 'mailto:lab@example.com', 'javascript:alert(1)']) {
        expect(endpointProblem(endpoint, production), endpoint).toBe(T.notWebUrl);
      }
    }
  });

  it('refuses a user name or password in the URL, in either setting', () => {
    expect(endpointProblem('https://user:secret@hooks.example.com/', true)).toBe(T.credentials);
    expect(endpointProblem('http://user@localhost:8080/', false)).toBe(T.credentials);
  });

  it('refuses http in production settings, and allows http://localhost in development', () => {
    expect(endpointProblem('http://hooks.example.com/lab', true)).toBe(T.httpsRequired);
    expect(endpointProblem('http://localhost:8080/hook', true)).toBe(T.httpsRequired);
    expect(endpointProblem('http://localhost:8080/hook', false)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:8080/hook', false)).toBeNull();
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://[::1]/hook',
    'https://[::127.0.0.1]/hook',
    'https://[::a9fe:a9fe]/latest/meta-data',
    'https://[::ffff:169.254.169.254]/latest/meta-data',
    'https://[fc00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'https://LOCALHOST:8443/hook',
    'https://api.localhost/hook',
    'https://localhost./hook',
    'https://api.localhost./hook',
    'https://0x7f000001/hook',
    'https://2130706433/hook',
  ])('refuses %s in production settings', (endpoint) => {
    expect(endpointProblem(endpoint, true)).toBe(T.privateAddress);
  });
});

describe('endpointProblemResolved: the rule when a webhook is saved', () => {
  it('in development resolves nothing and allows private hosts', async () => {
    const resolve: Resolve = () => Promise.reject(new Error('must not resolve in development'));
    expect(await endpointProblemResolved('http://localhost:8080/hook', false, resolve)).toBeNull();
    expect(await endpointProblemResolved('https://internal.example/hook', false, resolve)).toBeNull();
  });

  it('in production allows a host whose every address is public', async () => {
    expect(await endpointProblemResolved('https://hooks.example.com/lab', true, resolvesTo('93.184.216.34', '2606:4700::1'))).toBeNull();
  });

  it('in production refuses a host that resolves to a private address, even one among public ones', async () => {
    expect(await endpointProblemResolved('https://sneaky.example.com/', true, resolvesTo('10.0.0.5'))).toBe(T.privateAddress);
    expect(await endpointProblemResolved('https://sneaky.example.com/', true, resolvesTo('93.184.216.34', '127.0.0.1'))).toBe(
      T.privateAddress,
    );
    expect(await endpointProblemResolved('https://sneaky.example.com/', true, resolvesTo('::ffff:192.168.0.1'))).toBe(T.privateAddress);
  });

  it('in production refuses a host that does not resolve', async () => {
    expect(await endpointProblemResolved('https://nowhere.example/', true, fails)).toBe(T.unresolvable);
    expect(await endpointProblemResolved('https://nowhere.example/', true, resolvesTo())).toBe(T.unresolvable);
  });

  it('in production checks an address literal without resolving it, and the static rules first', async () => {
    const resolve: Resolve = () => Promise.reject(new Error('must not resolve a literal'));
    expect(await endpointProblemResolved('https://93.184.216.34/', true, resolve)).toBeNull();
    expect(await endpointProblemResolved('https://[::1]/', true, resolve)).toBe(T.privateAddress);
    expect(await endpointProblemResolved('http://hooks.example.com/', true, resolve)).toBe(T.httpsRequired);
  });
});
