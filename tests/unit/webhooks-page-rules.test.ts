import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/model/constants';
import { API_REFERENCE_PATH, eventTitle, eventTitles, maskedWebhookSecret, maskSecret } from '../../src/model/developers/webhook-rules';
import { apiReferenceUrl } from '../../src/services/developers/api-reference';

/** Kits §2 "Developer settings": how the page shows the secret, the events, and where the API documentation is. */

describe('the Webhooks Secret, masked (kits §2 "masked value or full")', () => {
  it('shows the service’s own masking when it gives one', () => {
    expect(maskedWebhookSecret({ secret: 'whsec_3b1f0c9e55d24a7f', maskedSecret: 'whsec_****4a7f' })).toBe('whsec_****4a7f');
  });

  it('masks the secret like the API key when the service gives no masked value, or an empty one', () => {
    expect(maskedWebhookSecret({ secret: 'whsec_3b1f0c9e55d24a7f', maskedSecret: null })).toBe(maskSecret('whsec_3b1f0c9e55d24a7f'));
    expect(maskedWebhookSecret({ secret: 'abcdefgh', maskedSecret: '' })).toBe('••••efgh');
    expect(maskedWebhookSecret({ secret: null, maskedSecret: null })).toBe('');
  });
});

describe('events as people read them (kits §3 "Webhook event": name, fullName)', () => {
  it('by full name, else by name', () => {
    expect(eventTitle({ name: 'KitStatusChanged', fullName: 'Kit status changed' })).toBe('Kit status changed');
    expect(eventTitle({ name: 'order.shipped', fullName: null })).toBe('order.shipped');
    expect(eventTitle({ name: 'order.shipped', fullName: '  ' })).toBe('order.shipped');
    expect(eventTitle({ name: 'order.shipped' })).toBe('order.shipped');
  });

  it('a webhook’s event names by the events list’s full names, an unknown name as it is', () => {
    const events = [
      { name: 'KitStatusChanged', fullName: 'Kit status changed' },
      { name: 'ReportReady', fullName: 'Report ready' },
    ];
    expect(eventTitles(['ReportReady', 'Retired', 'KitStatusChanged'], events)).toEqual(['Report ready', 'Retired', 'Kit status changed']);
  });
});

describe('the API documentation link (kits §2)', () => {
  it('goes to the reference page below the API base the app calls', () => {
    expect(apiReferenceUrl).toBe(`${API_BASE_PATH}${API_REFERENCE_PATH}`);
    expect(apiReferenceUrl).toBe('/portalApi/reference');
  });
});
