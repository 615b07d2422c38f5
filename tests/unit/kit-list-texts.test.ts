import { describe, expect, it } from 'vitest';
import { KitStoryText } from '../../src/model/kits/kit-story-texts';
import { FILTER_OPERATORS } from '../../src/model/lists/paging';
import {
  KitColumnText,
  KitFilterText,
  KitListText,
  KitSearchText,
  KitStatusHistoryText,
  ProductPanelText,
} from '../../src/model/kits/kit-list-texts';

describe('the kit list’s texts, exactly as kits §2, §5 and §8 write them', () => {
  it('the filter dropdown: "Find column...", the four operators, "Apply Filter", "Clear all"', () => {
    expect(KitFilterText.findColumn).toBe('Find column...');
    expect(FILTER_OPERATORS.map((operator) => KitFilterText.operators[operator])).toEqual([
      'Contains',
      'Equals',
      'Starts with',
      'Ends with',
    ]);
    expect(KitFilterText.apply).toBe('Apply Filter');
    expect(KitFilterText.clearAll).toBe('Clear all');
  });

  it('a chip names the column, the operator in lower case and the value; its remove button says which', () => {
    const chip = KitFilterText.chip('Product', KitFilterText.operators.startsWith, 'Age');
    expect(chip).toBe('Product starts with "Age"');
    expect(KitFilterText.removeFilter(chip)).toBe('Remove filter Product starts with "Age"');
  });

  it('the results cell, the status panel and the load failure', () => {
    expect(KitListText.viewResults).toBe('View Results');
    expect(KitListText.comingSoon).toBe('Coming Soon');
    expect(KitStatusHistoryText.title).toBe('Kit Status History');
    expect(KitListText.loadError('Database is asleep')).toBe('Error loading kits: Database is asleep');
    expect(KitListText.loadFailed).toBe('Failed to load kits');
  });

  it('the search hint', () => {
    expect(KitSearchText.tooShort).toBe('Please enter at least 3 characters to search');
  });

  it('the four subtitles of kits §2', () => {
    expect([KitListText.subtitleOwnSamples, KitListText.subtitleKitStatus, KitListText.subtitleSamples, KitListText.subtitleKits]).toEqual([
      'Manage and track all your samples',
      'Monitor the status of all kits in the system',
      'Manage and track all samples in the system',
      'Manage and track all kits in the system',
    ]);
  });

  it('the columns of kits §2, with Unique ID for manifest-upload clients', () => {
    expect(KitColumnText).toMatchObject({
      barcode: 'Kit ID',
      uniqueId: 'Unique ID',
      orderNumber: 'Order Number',
      registeredAt: 'Registered Date',
      patient: 'Patient',
      product: 'Product',
      status: 'Status',
      results: 'Results',
    });
  });

  it('a late kit’s badge is the kit story’s: "Delayed — expected by {date}"', () => {
    expect(KitStoryText.delayed('Oct 19, 2026')).toBe('Delayed — expected by Oct 19, 2026');
    expect(KitStoryText.eta('Dec 12, 2026')).toBe('ETA Dec 12, 2026');
    expect(KitStoryText.rerunAfterQc).toBe('Rerun after a failed quality check');
    expect(KitStoryText.replacedBy('KT-11-0022')).toBe('Replaced by KT-11-0022');
  });

  it('Samples wording for IRC and CPS in the list’s own words', () => {
    expect(KitListText.empty('samples')).toBe('No samples found');
    expect(KitListText.empty('kits')).toBe('No kits found');
    expect(KitListText.emptyFiltered('samples')).toBe('No samples match the filters');
    expect(KitListText.emptySearch('kits')).toBe('No kits match the search');
    expect(KitListText.scrollLabel('Kit Status')).toBe('Kit Status list, scroll to load more');
    expect(KitListText.statusButton('Result Ready', 'KIT-1')).toBe('Result Ready: status history of kit KIT-1');
    expect(ProductPanelText.title).toBe('Product Information');
  });
});
