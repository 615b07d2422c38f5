import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import {
  contentSecurityPolicy,
  NO_THIRD_PARTY_ORIGINS,
  readThirdPartyOrigins,
  REFERRER_POLICY,
  SECURITY_ORIGINS_FILE,
  STRICT_TRANSPORT_SECURITY,
  type ThirdPartyOrigins,
} from '../../src/model/security/content-security';
import type { AppEnv } from './env';

/** The origins a build declared; none when the build is missing or its file unreadable, the strictest policy. */
export function readBuildOrigins(staticDir: string): ThirdPartyOrigins {
  try {
    return readThirdPartyOrigins(JSON.parse(readFileSync(join(staticDir, SECURITY_ORIGINS_FILE), 'utf8')));
  } catch {
    return NO_THIRD_PARTY_ORIGINS;
  }
}

export interface SecurityHeadersOptions {
  readonly origins: ThirdPartyOrigins;
  readonly reportUri?: string;
}

/**
 * The security headers of every answer, pages and API alike (issue 13, item 1), through Hono's secure-headers
 * middleware. An answer that sets its own policy keeps it (a report document allows no script at all). The
 * opener policy lets a popup keep its opener, because a report opens in a tab the portal points at its link.
 */
export function securityHeaders({ origins, reportUri }: SecurityHeadersOptions) {
  const headers = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy({ origins, reportUri }),
    // Powerful features the portal never uses, refused to it and to every frame it holds.
    permissionsPolicy: { accelerometer: [], camera: [], geolocation: [], gyroscope: [], magnetometer: [], microphone: [], usb: [] },
    referrerPolicy: REFERRER_POLICY,
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    xFrameOptions: 'DENY',
    // Sent below, only over https: a browser ignores it over http, and a plain-http deployment must never send it.
    strictTransportSecurity: false,
    overwrite: false,
  });
  const transport = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim();
    if (new URL(c.req.url).protocol === 'https:' || forwarded === 'https') {
      c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    }
  });
  return [headers, transport] as const;
}
