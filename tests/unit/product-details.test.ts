import { describe, expect, it } from 'vitest';
import { orderDetailBadges, orderNumberFromPath } from '../../src/model/orders/order-detail';
import { ExampleReportText, OrderDetailText } from '../../src/model/orders/order-detail-texts';
import {
  EXAMPLE_REPORT_COUNTS,
  exampleReportPath,
  exampleReports,
  hasExampleReport,
  WHATS_INCLUDED,
  whatsIncluded,
} from '../../src/model/orders/product-details';
import { FulfilmentType, UnitType } from '../../src/model/enums';

/** Ordering §2 "Order detail" and §3: the What's Included lists, the example-report links and the badges by unit. */

describe("What's Included (ordering §3)", () => {
  it('exists for product ids 1, 78, 79, 74 and 47 only, in the document\u2019s words', () => {
    expect(
      Object.keys(WHATS_INCLUDED)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 47, 74, 78, 79]);
    expect(whatsIncluded(1)).toEqual([
      'epigenetic age',
      'organ-system age',
      'pace of aging',
      'telomere length',
      'immune cell composition',
      'inflammation markers',
      'fitness age',
      'smoking and alcohol status',
    ]);
    expect(whatsIncluded(78)).toEqual(['nutrient and functional health report']);
    expect(whatsIncluded(79)).toEqual(['combined age and health report']);
    expect(whatsIncluded(74)).toEqual(['genetic SNP and polygenic risk report']);
    expect(whatsIncluded(47)).toEqual(['pharmacogenomic drug-response report']);
  });

  it('reads an id sent as digits like the number, and has nothing for other products or no id', () => {
    expect(whatsIncluded('79')).toEqual(whatsIncluded(79));
    expect(whatsIncluded(201)).toEqual([]);
    expect(whatsIncluded('abc')).toEqual([]);
    expect(whatsIncluded(null)).toEqual([]);
    expect(whatsIncluded(undefined)).toEqual([]);
    // Not an own key of the table, though every object has it.
    expect(whatsIncluded('constructor')).toEqual([]);
  });
});

describe('example reports (ordering §3: "79 has two, the others one each")', () => {
  it('links each report by product and number', () => {
    expect(EXAMPLE_REPORT_COUNTS).toEqual({ 1: 1, 78: 1, 79: 2, 74: 1, 47: 1 });
    expect(exampleReports(79)).toEqual([
      { report: 1, href: '/examples/reports/79/1' },
      { report: 2, href: '/examples/reports/79/2' },
    ]);
    for (const id of [1, 78, 74, 47]) expect(exampleReports(id)).toEqual([{ report: 1, href: exampleReportPath(id, 1) }]);
    expect(exampleReports('47')).toEqual(exampleReports(47));
    expect(exampleReports(201)).toEqual([]);
    expect(exampleReports(null)).toEqual([]);
  });

  it('knows which report numbers exist, as the server answers them', () => {
    expect(hasExampleReport(79, 2)).toBe(true);
    expect(hasExampleReport(79, 3)).toBe(false);
    expect(hasExampleReport(1, 1)).toBe(true);
    expect(hasExampleReport(1, 0)).toBe(false);
    expect(hasExampleReport(1, 1.5)).toBe(false);
    expect(hasExampleReport(201, 1)).toBe(false);
  });
});

describe('the detail\u2019s badges follow the orders list columns of the unit (ordering §2)', () => {
  const practice = (unitType: number, fulfilmentType: number | null = FulfilmentType.Physical) => ({ unitType, fulfilmentType });

  it('CPS lists only number and date, so its detail shows neither badge', () => {
    expect(orderDetailBadges(practice(UnitType.CPS))).toEqual({ shipping: false, status: false });
  });

  it('IRC shows the status, and the fulfilment kind only when its practice fulfils physically', () => {
    expect(orderDetailBadges(practice(UnitType.IRC))).toEqual({ shipping: true, status: true });
    expect(orderDetailBadges(practice(UnitType.IRC, FulfilmentType.Digital))).toEqual({ shipping: false, status: true });
    expect(orderDetailBadges(practice(UnitType.IRC, null))).toEqual({ shipping: false, status: true });
  });

  it('HCP, DTC and Unknown (treated as HCP) show both', () => {
    for (const unit of [UnitType.HCP, UnitType.DTC, UnitType.Unknown]) {
      expect(orderDetailBadges(practice(unit, FulfilmentType.Digital))).toEqual({ shipping: true, status: true });
    }
  });

  it('shows no badge until the practice is known', () => {
    expect(orderDetailBadges(undefined)).toEqual({ shipping: false, status: false });
    expect(orderDetailBadges(null)).toEqual({ shipping: false, status: false });
  });
});

describe('the texts the document quotes', () => {
  it('are exactly as written', () => {
    expect(OrderDetailText.title('A-1001')).toBe('Order # A-1001');
    expect(OrderDetailText.title('A-1001').startsWith(OrderDetailText.titlePrefix)).toBe(true);
    expect(OrderDetailText.notFound).toBe('Order Not Found');
    expect(OrderDetailText.notFoundText('X-9')).toBe('The order with number "X-9" could not be found.');
    expect(OrderDetailText.error('Boom')).toBe('Error: Boom');
    expect([
      OrderDetailText.product,
      OrderDetailText.unitPrice,
      OrderDetailText.discount,
      OrderDetailText.quantity,
      OrderDetailText.total,
    ]).toEqual(['Product', 'Unit Price', 'Discount', 'Quantity', 'Total']);
  });

  it('an example report names itself an example, with its number when the product has more than one', () => {
    expect(ExampleReportText.title('Health Test', 1, 1)).toBe('Example report: Health Test');
    expect(ExampleReportText.title('Combo', 2, 2)).toBe('Example report 2 of 2: Combo');
  });
});

describe('the order number of the detail path', () => {
  it('is decoded as orderDetailPath encoded it; a stray % stays as typed', () => {
    expect(orderNumberFromPath(encodeURIComponent('A/1 #2'))).toBe('A/1 #2');
    expect(orderNumberFromPath('LAB-20001')).toBe('LAB-20001');
    expect(orderNumberFromPath('100%')).toBe('100%');
  });
});
