import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/**
 * Ordering §3: the country select's two-letter ISO 3166 codes with English names, from i18n-iso-countries
 * (kept, and its English names are the ones people search by), and the US state list.
 */

countries.registerLocale(english);

export interface Country {
  readonly code: string;
  readonly name: string;
}

const NAMES: Readonly<Record<string, string>> = countries.getNames('en', { select: 'official' });

let sorted: readonly Country[] | undefined;

/**
 * Every country, sorted by its English name, made when first asked for (a select opening): sorting by name needs
 * the browser's collator, and the first collator a page makes loads its locale data, about 90 ms of main thread here
 * and four times that on a phone (issue 45), which a page that only names a country need not pay. One collator
 * serves the whole sort: localeCompare with a locale builds one per comparison.
 */
export function countryList(): readonly Country[] {
  if (!sorted) {
    const byName = new Intl.Collator('en');
    sorted = Object.entries(NAMES)
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => byName.compare(a.name, b.name));
  }
  return sorted;
}

/** A country's code from a code or a label, so that "US" and "United States" both read as the default. */
export function countryCode(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const upper = text.toUpperCase();
  if (Object.hasOwn(NAMES, upper)) return upper;
  return countries.getAlpha2Code(text, 'en') ?? null;
}

/**
 * A country as an address is sent and stored: its code where the list knows it by code or English name (a stored
 * "United States" reads as US), else the text as written, trimmed. The client's requests and the server's checks
 * both go through it; the shippable-country check compares codes without regard to case.
 */
export function normalizedCountry(value: string | null | undefined): string {
  return countryCode(value) ?? (value ?? '').trim();
}

export function countryName(code: string | null | undefined): string {
  return (code && countries.getName(code, 'en')) || (code ?? '');
}

/** The states, district and territories a US address names, by their postal codes. */
const STATE_NAMES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AS', 'American Samoa'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['VI', 'U.S. Virgin Islands'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

export const US_STATES: readonly Country[] = STATE_NAMES.map(([code, name]) => ({ code, name }));
