import { dollars } from '../../../src/model/orders/pricing';
import { CatalogueText } from '../../../src/model/orders/texts';
import { STANDARD_TIER, type PricingTier } from './tiers';

/**
 * The "View tiers" image (ordering §2): a table of the tiers drawn from the pricing data when asked
 * for, so the picture cannot disagree with the calculation. Its <title> and <desc> carry the whole
 * table as text for screen readers and for anyone who cannot see the drawing.
 */

const WIDTH = 560;
const ROW = 44;
const TOP = 64;
const COLUMNS = [24, 200, 380] as const;

/** The drawing's colours per theme; dark takes antd's dark dialog surface, so the table sits on it as in light. */
const PALETTES = {
  light: { background: '#ffffff', stripe: '#f5f5f5', text: '#1f1f1f', rule: '#8c8c8c' },
  dark: { background: '#1f1f1f', stripe: '#2b2b2b', text: '#e8e8e8', rule: '#8c8c8c' },
} as const;

export type TiersTheme = keyof typeof PALETTES;

/** The theme a request names (`?theme=dark`); anything else is the light drawing. */
export function tiersTheme(named: string | undefined): TiersTheme {
  return named === 'dark' ? 'dark' : 'light';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Row {
  readonly tier: string;
  readonly quantity: string;
  readonly discount: string;
  readonly sentence: string;
}

function rows(tiers: readonly PricingTier[]): Row[] {
  const ascending = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  const standardTop = (ascending[0]?.minQuantity ?? STANDARD_TIER.maxQuantity + 1) - 1;
  const standard: Row = {
    tier: STANDARD_TIER.name,
    quantity: `${STANDARD_TIER.minQuantity}–${standardTop}`,
    discount: 'Base price',
    sentence: `${STANDARD_TIER.name}: ${STANDARD_TIER.minQuantity} to ${standardTop} kits at the base price`,
  };
  return [
    standard,
    ...ascending.map((tier, index) => {
      const following = ascending[index + 1];
      const quantity = following ? `${tier.minQuantity}–${following.minQuantity - 1}` : `${tier.minQuantity}+`;
      const discount = dollars(tier.discountPerKit);
      return { tier: tier.name, quantity, discount, sentence: `${tier.name}: from ${tier.minQuantity} kits, ${discount} off each kit` };
    }),
  ];
}

export function tiersImage(tiers: readonly PricingTier[], theme: TiersTheme = 'light'): string {
  const palette = PALETTES[theme];
  const table = rows(tiers);
  const height = TOP + table.length * ROW + 16;
  const text = (x: number, y: number, content: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-size="16" font-weight="${weight}" fill="${palette.text}">${escapeXml(content)}</text>`;
  const header = ['Tier', 'Kits per product', 'Discount per kit'].map((label, i) => text(COLUMNS[i] ?? 0, TOP - 16, label, 600));
  const body = table.flatMap((row, index) => {
    const y = TOP + index * ROW;
    const stripe = index % 2 === 0 ? `<rect x="8" y="${y}" width="${WIDTH - 16}" height="${ROW}" fill="${palette.stripe}"/>` : '';
    const baseline = y + ROW / 2 + 6;
    return [
      stripe,
      text(COLUMNS[0], baseline, row.tier, 600),
      text(COLUMNS[1], baseline, row.quantity),
      text(COLUMNS[2], baseline, row.discount),
    ];
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc" font-family="Arial, Helvetica, sans-serif">`,
    `<title id="title">${escapeXml(CatalogueText.tiersTitle)}</title>`,
    `<desc id="desc">${escapeXml(`${table.map((row) => row.sentence).join('; ')}.`)}</desc>`,
    `<rect width="${WIDTH}" height="${height}" fill="${palette.background}"/>`,
    ...header,
    `<line x1="8" y1="${TOP - 4}" x2="${WIDTH - 8}" y2="${TOP - 4}" stroke="${palette.rule}"/>`,
    ...body.filter(Boolean),
    '</svg>',
  ].join('\n');
}
