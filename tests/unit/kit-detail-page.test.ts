import { describe, expect, it } from 'vitest';
import { DiagnosticsText, KitDetailText, KitInfoText } from '../../src/model/kits/kit-detail-texts';
import { barcodeFromPath, formatBirthDate, KIT_DETAIL_REDIRECT_MS, orNotAvailable } from '../../src/model/kits/kit-detail';
import { kitDetailPath } from '../../src/model/shell/navigation';

describe('the kit detail page’s rules (kits §2, §8)', () => {
  it('addresses a kit by its barcode, encoded in the path and read back as written', () => {
    expect(kitDetailPath('TRU-1001')).toBe('/kits/TRU-1001');
    expect(kitDetailPath('A/B 7%')).toBe('/kits/A%2FB%207%25');
    expect(barcodeFromPath('A%2FB%207%25')).toBe('A/B 7%');
    expect(barcodeFromPath('50%off')).toBe('50%off');
  });

  it('writes a date of birth as the calendar day written, whatever the reader’s time zone', () => {
    expect(formatBirthDate('1980-04-12')).toBe('Apr 12, 1980');
    // Midnight UTC is still the 12th west of Greenwich.
    expect(formatBirthDate('1980-04-12T00:00:00Z')).toBe('Apr 12, 1980');
    expect(formatBirthDate('not a date')).toBe('');
    expect(formatBirthDate(null)).toBe('');
  });

  it('shows N/A where a value is missing', () => {
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable('  ')).toBe('N/A');
    expect(orNotAvailable('H-30003')).toBe('H-30003');
  });

  it('redirects to the kits list a short while after a load failure', () => {
    expect(KIT_DETAIL_REDIRECT_MS).toBe(3_000);
  });

  it('keeps the documents’ texts exactly', () => {
    expect(KitDetailText.backToKits).toBe('Back to Kits');
    expect(KitDetailText.title('TRU-1001')).toBe('Kit Details: TRU-1001');
    expect(KitDetailText.redirecting).toBe('Redirecting to kits list...');
    expect(KitDetailText.noData).toBe('No kit data available');
    expect(KitDetailText.loadFailed).toBe('Failed to load kit');
    expect(KitDetailText.replaces('TRU-0001')).toBe('This kit replaces TRU-0001 (failed during processing)');
    expect(`${KitDetailText.replacesBefore}TRU-0001${KitDetailText.replacesAfter}`).toBe(KitDetailText.replaces('TRU-0001'));
    expect(DiagnosticsText.title).toBe('Diagnostics Files');
    expect(DiagnosticsText.empty).toBe('No Diagnostic available');
    expect(KitInfoText.title).toBe('Kit & Product Information');
  });
});
