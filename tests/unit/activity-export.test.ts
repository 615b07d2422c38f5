import { describe, expect, it } from 'vitest';
import { activityKindName, activityWhat } from '../../src/model/activity/activity-texts';
import { sentenceForReader } from '../../src/model/activity/my-activity';
import { activityCsv, ACTIVITY_CSV_HEADER } from '../../src/model/activity/activity-csv';
import { ACTIVITY_KINDS, type ActivityEntry } from '../../src/model/activity/activity';
import { createActivityApi } from '../../src/services/activity/activity.api';
import type { HttpClient } from '../../src/services/http/http';

/** Issue 44: the trail's sentences, and the CSV the portal writes from GET /Activity's pages (formula-safe). */

const entry = (id: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  at: '2026-11-30T18:00:00.000Z',
  kind: 'report.opened',
  actor: { accountId: 111, name: 'Ava Morgan' },
  object: { type: 'kit', id: 'KT-11-0001', label: 'KT-11-0001' },
  detail: 'TruAge',
  address: '203.0.113.9',
  correlationId: 'c-1',
  ...overrides,
});

describe('the trail in words', () => {
  it('says what happened as a sentence, and a kind it does not know still reads plainly', () => {
    expect(activityWhat(entry(1))).toBe('opened report TruAge of KT-11-0001');
    expect(activityWhat(entry(2, { kind: 'order.placed', object: { type: 'order', id: 'N1', label: 'N1' } }))).toBe('placed order N1');
    expect(activityWhat(entry(3, { kind: 'webhook.renamed', object: { type: 'webhook', id: '4', label: 'hooks.example' } }))).toBe(
      'did something to the webhook hooks.example',
    );
  });

  it('names every kind the server records, as a sentence and in the filter, in words rather than its code', () => {
    for (const kind of ACTIVITY_KINDS) {
      const what = activityWhat(entry(1, { kind, detail: null, object: { type: 'account', id: '7', label: 'Ava Morgan' } }));
      expect(what, kind).not.toMatch(/^did something/);
      expect(what, kind).not.toContain(kind);
      expect(activityKindName(kind), kind).not.toBe('Other');
    }
    expect(new Set(ACTIVITY_KINDS.map(activityKindName)).size).toBe(ACTIVITY_KINDS.length);
  });

  it('reads as good English to the one who acted, "You …" with every kind', () => {
    for (const kind of ACTIVITY_KINDS) {
      const own = sentenceForReader(entry(1, { kind, actor: { accountId: 111, name: 'Ava Morgan' } }), 111);
      expect(own, kind).toMatch(/^You /);
      expect(own, kind).not.toMatch(/\b(was|has|is|their)\b/);
    }
  });
});

describe('the CSV export', () => {
  it('escapes every cell a spreadsheet would run, whatever column it is in', () => {
    const csv = activityCsv([
      entry(1, { object: { type: 'kit', id: '@x', label: '=1+1' }, detail: '+cmd', address: '-1+2', correlationId: '\tx' }),
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(ACTIVITY_CSV_HEADER.map((name) => `"${name}"`).join(','));
    for (const cell of (row ?? '').slice(1, -1).split('","')) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(row).toContain(`"'=1+1"`);
  });

  it('reads every page the list filters to, 100 at a time, and writes them in order', async () => {
    const asked: Record<string, unknown>[] = [];
    const pages = [
      { items: [entry(1), entry(2)], page: 1, hasMore: true },
      { items: [entry(3)], page: 2, hasMore: false },
    ];
    const client: HttpClient = {
      request: () => Promise.reject(new Error('not used')),
      read: (_schema, _path, options) => {
        asked.push(options?.query ?? {});
        return Promise.resolve(pages[asked.length - 1]);
      },
      connectSession: () => undefined,
    };
    const filters = [{ column: 'kind', operator: 'equals', value: 'Report opened' }] as const;
    const csv = await createActivityApi(client).exportCsv({ sort: { column: 'at', direction: 'desc' }, filters });
    expect(asked.map((query) => [query.page, query.pageSize, query.filters])).toEqual([
      ['1', '100', JSON.stringify(filters)],
      ['2', '100', JSON.stringify(filters)],
    ]);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(4);
  });
});
