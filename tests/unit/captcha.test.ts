import { describe, expect, it, vi } from 'vitest';
import { CaptchaError, createCaptcha, type CaptchaProvider } from '../../src/services/auth/captcha';

/** A local fake of the provider's browser API: ready at once, answering what the test says. */
function fakeProvider(answer: () => Promise<string>) {
  const execute = vi.fn(answer);
  const provider: CaptchaProvider = { ready: (callback) => callback(), execute };
  return { provider, execute };
}

describe('the captcha adapter (access §2 and §5)', () => {
  it('without a site key it does nothing and gives no token', async () => {
    const loadScript = vi.fn();
    const captcha = createCaptcha({ siteKey: undefined, provider: () => undefined, loadScript });
    captcha.prepare();
    await expect(captcha.token('signin')).resolves.toBeUndefined();
    expect(loadScript).not.toHaveBeenCalled();
  });

  it("loads the provider's script once, with the site key", () => {
    const loadScript = vi.fn();
    const captcha = createCaptcha({ siteKey: 'site key', provider: () => undefined, loadScript });
    captcha.prepare();
    captcha.prepare();
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith('https://www.google.com/recaptcha/api.js?render=site%20key');
  });

  it('answers the token for the action', async () => {
    const { provider, execute } = fakeProvider(() => Promise.resolve('token-123'));
    const captcha = createCaptcha({ siteKey: 'key', provider: () => provider, loadScript: vi.fn() });
    await expect(captcha.token('signin')).resolves.toBe('token-123');
    expect(execute).toHaveBeenCalledWith('key', { action: 'signin' });
  });

  it('"reCAPTCHA is not ready" while the provider has not loaded', async () => {
    const captcha = createCaptcha({ siteKey: 'key', provider: () => undefined, loadScript: vi.fn() });
    await expect(captcha.token('signin')).rejects.toEqual(new CaptchaError('reCAPTCHA is not ready'));
  });

  it('"Failed to get reCAPTCHA token" when the provider gives none or fails', async () => {
    for (const answer of [() => Promise.resolve(''), () => Promise.reject(new Error('network'))]) {
      const captcha = createCaptcha({ siteKey: 'key', provider: () => fakeProvider(answer).provider, loadScript: vi.fn() });
      await expect(captcha.token('signin')).rejects.toEqual(new CaptchaError('Failed to get reCAPTCHA token'));
    }
  });
});
