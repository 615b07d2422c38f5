import { UserFacingError } from '../http/api-error';
import { config } from '../http/config';
import { CaptchaText } from '../../model/auth/auth-texts';

/**
 * The invisible captcha run on sign-in (access §2), behind an adapter: without a site key it does
 * nothing and no antispamToken is sent (contract decisions), so the portal runs without the provider.
 */
export interface Captcha {
  /** Starts loading the provider's script, so that submit does not wait for it. */
  prepare(): void;
  /** A token for this action, or undefined when no captcha is configured. */
  token(action: string): Promise<string | undefined>;
}

export class CaptchaError extends UserFacingError {
  override readonly name = 'CaptchaError';
}

/** The part of the provider's browser API that the portal uses. */
export interface CaptchaProvider {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface Options {
  siteKey: string | undefined;
  /** Where the provider lives once its script has run. */
  provider: () => CaptchaProvider | undefined;
  loadScript: (src: string) => void;
}

export function createCaptcha({ siteKey, provider, loadScript }: Options): Captcha {
  let requested = false;
  const prepare = () => {
    if (!siteKey || requested) return;
    requested = true;
    loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  };
  return {
    prepare,
    async token(action) {
      if (!siteKey) return undefined;
      prepare();
      const api = provider();
      if (!api) throw new CaptchaError(CaptchaText.notReady);
      await new Promise<void>((resolve) => api.ready(resolve));
      let token: string | undefined;
      try {
        token = await api.execute(siteKey, { action });
      } catch {
        token = undefined;
      }
      if (!token) throw new CaptchaError(CaptchaText.noToken);
      return token;
    },
  };
}

function appendScript(src: string) {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

export const captcha = createCaptcha({
  siteKey: config.captchaSiteKey,
  provider: () => (window as Window & { grecaptcha?: CaptchaProvider }).grecaptcha,
  loadScript: appendScript,
});
