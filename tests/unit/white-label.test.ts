import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  LOGO_MAX_BYTES,
  logoDimensionsWarning,
  logoExceedsRecommendedSize,
  logoFileError,
  logoTypeOf,
  looksLikeLogo,
} from '../../src/model/practice/white-label';
import { WhiteLabelRuleText } from '../../src/model/practice/white-label-texts';
import { createWhiteLabelApi } from '../../src/services/practice/white-label.api';
import type { HttpClient } from '../../src/services/http/http';
import { practiceRecord } from '../support/fixtures/records';
import { gifBytes, jpegBytes, pdfBytes, pngImage, textBytes } from '../support/fixtures/white-label-images';

describe('the logo rules (ordering §5, §9)', () => {
  it('knows PNG and JPEG by their magic numbers, and nothing else', () => {
    expect(logoTypeOf(pngImage(2, 2))).toBe('image/png');
    expect(logoTypeOf(jpegBytes())).toBe('image/jpeg');
    for (const bytes of [gifBytes(), pdfBytes(), textBytes(), new Uint8Array(), new Uint8Array([0x89, 0x50])]) {
      expect(logoTypeOf(bytes)).toBeNull();
    }
  });

  it('takes a file by its declared type, or by its name when the browser declares none', () => {
    expect(looksLikeLogo({ name: 'a.bin', type: 'image/png' })).toBe(true);
    expect(looksLikeLogo({ name: 'a.png', type: 'IMAGE/JPEG' })).toBe(true);
    expect(looksLikeLogo({ name: 'logo.png', type: 'image/gif' })).toBe(false);
    expect(looksLikeLogo({ name: 'logo.JPEG', type: '' })).toBe(true);
    expect(looksLikeLogo({ name: 'logo.svg', type: '' })).toBe(false);
  });

  it('refuses over 2 MB with "File size exceeds 2MB limit. Please choose a smaller file." before the type', () => {
    expect(logoFileError({ name: 'a.png', type: 'image/png', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileError({ name: 'a.png', type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe(WhiteLabelRuleText.tooLarge);
    expect(logoFileError({ name: 'a.gif', type: 'image/gif', size: LOGO_MAX_BYTES + 1 })).toBe(WhiteLabelRuleText.tooLarge);
    expect(WhiteLabelRuleText.tooLarge).toBe('File size exceeds 2MB limit. Please choose a smaller file.');
  });

  it('refuses anything but JPG and PNG with "Only JPG and PNG files are supported."', () => {
    expect(logoFileError({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('Only JPG and PNG files are supported.');
    expect(logoFileError({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it('warns, without refusing, above 1382 × 1132 in either direction', () => {
    expect(logoExceedsRecommendedSize({ width: 1382, height: 1132 })).toBe(false);
    expect(logoExceedsRecommendedSize({ width: 1383, height: 10 })).toBe(true);
    expect(logoExceedsRecommendedSize({ width: 10, height: 1133 })).toBe(true);
    expect(logoDimensionsWarning({ width: 2000, height: 1500 })).toBe(
      'Image dimensions exceed recommended size. Your image may not display optimally.',
    );
    expect(logoDimensionsWarning({ width: 600, height: 400 })).toBeNull();
  });
});

describe('PATCH /Practices/WhiteLabel from the app (ordering §7)', () => {
  function recordingClient(calls: { path: string; method?: string; body: unknown }[]): HttpClient {
    return {
      request: () => Promise.resolve(null),
      read: (schema, path, options = {}) => {
        calls.push({ path, method: options.method, body: options.body });
        return Promise.resolve(v.parse(schema, practiceRecord()));
      },
      connectSession: () => undefined,
    };
  }

  it('sends the file in the multipart field whiteLabel, and the text null to clear', async () => {
    const calls: { path: string; method?: string; body: unknown }[] = [];
    const api = createWhiteLabelApi(recordingClient(calls));
    const logo = new File([new Uint8Array(pngImage(1, 1))], 'logo.png', { type: 'image/png' });
    await api.save(logo);
    await api.save(null);
    expect(calls.map(({ path, method }) => [path, method])).toEqual([
      ['/Practices/WhiteLabel', 'PATCH'],
      ['/Practices/WhiteLabel', 'PATCH'],
    ]);
    const [sent, cleared] = calls.map(({ body }) => body);
    expect(sent).toBeInstanceOf(FormData);
    expect(cleared).toBeInstanceOf(FormData);
    expect(sent instanceof FormData && sent.get('whiteLabel')).toBeInstanceOf(File);
    expect(cleared instanceof FormData && cleared.get('whiteLabel')).toBe('null');
  });
});
