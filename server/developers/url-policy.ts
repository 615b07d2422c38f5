import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the reference server may send a webhook (issue 11: no server-side request forgery). In development any
 * http or https address is allowed, so a receiver on localhost works. In production settings the endpoint must
 * be https and every address its host names must be a public unicast one: loopback, private, link-local,
 * carrier-grade NAT, unique-local, multicast, reserved and the like are refused. The rule is applied twice:
 * when a webhook is saved (its host's addresses as they resolve then) and on every connection (through
 * `guardedLookup`), so a name that later resolves to a private address is still refused.
 */

export const UrlPolicyText = {
  notWebUrl: 'The endpoint must be an absolute http or https URL',
  httpsRequired: 'The endpoint must use https',
  credentials: 'The endpoint must not carry a user name or password',
  privateAddress: 'The endpoint must not point at a private, loopback or link-local address',
  unresolvable: 'The endpoint’s host name does not resolve',
} as const;

/** The one range ipaddr.js gives to addresses on the public internet. */
const PUBLIC_RANGE = 'unicast';

/**
 * The IPv4 address an IPv4-compatible IPv6 address (`::/96`, as in `[::127.0.0.1]`, which a URL writes `[::7f00:1]`)
 * carries, or null. ipaddr.js calls them ordinary unicast, yet a host routes them to the IPv4 address inside.
 */
function compatibleIpv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.kind() !== 'ipv6') return null;
  const parts = (address as ipaddr.IPv6).parts;
  if (parts.slice(0, 6).some((part) => part !== 0)) return null;
  const [high = 0, low = 0] = parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * True when `address` (IPv4 or IPv6 text) is a public unicast address. An IPv6 address that carries an IPv4 one
 * (IPv4-mapped `::ffff:0:0/96` and IPv4-compatible `::/96`) is judged by the IPv4 address it carries (issue 37 item 12).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return (compatibleIpv4(parsed) ?? parsed).range() === PUBLIC_RANGE;
}

/** The host of a URL as an address literal (brackets of IPv6 removed), or null when it is a name. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? bare : null;
}

/** What is wrong with an endpoint without resolving its host, or null. */
export function endpointProblem(endpoint: string, production: boolean): string | null {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname) return UrlPolicyText.notWebUrl;
  if (url.username || url.password) return UrlPolicyText.credentials;
  if (!production) return null;
  if (url.protocol !== 'https:') return UrlPolicyText.httpsRequired;
  const literal = literalAddress(url.hostname);
  if (literal !== null && !isPublicAddress(literal)) return UrlPolicyText.privateAddress;
  // A name may end in the root's dot (`localhost.`), which names the same host.
  const name = url.hostname.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return UrlPolicyText.privateAddress;
  return null;
}

export type Resolve = (hostname: string) => Promise<readonly string[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    );
  });

/**
 * The full rule for saving a webhook: `endpointProblem`, then in production settings every address the host
 * resolves to must be public. Answers the problem, or null when the endpoint may be saved.
 */
export async function endpointProblemResolved(
  endpoint: string,
  production: boolean,
  resolve: Resolve = systemResolve,
): Promise<string | null> {
  const problem = endpointProblem(endpoint, production);
  if (problem || !production) return problem;
  const { hostname } = new URL(endpoint);
  if (literalAddress(hostname) !== null) return null;
  let addresses: readonly string[];
  try {
    addresses = await resolve(hostname);
  } catch {
    return UrlPolicyText.unresolvable;
  }
  if (addresses.length === 0) return UrlPolicyText.unresolvable;
  return addresses.every(isPublicAddress) ? null : UrlPolicyText.privateAddress;
}

/**
 * A `lookup` for node:http(s) requests that, in production settings, refuses to connect to an address that is
 * not public (the check at connection time, against a host that changed its answer since it was saved).
 */
export function guardedLookup(production: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = production ? addresses.filter((entry) => isPublicAddress(entry.address)) : addresses;
      const [first] = allowed;
      if (!first) return callback(new Error(UrlPolicyText.privateAddress), '', 0);
      // node:net asks for every address (happy eyeballs) or for one.
      if (options.all) return callback(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
}
