/**
 * The laboratory whose header every report carries (issue 41 item 3). The documents name no laboratory, so the
 * reference server's is a demo one: each line says so, and a deployment puts its own in its place.
 */
export interface Laboratory {
  readonly name: string;
  readonly address: string;
  readonly accreditation: string;
  readonly director: string;
  readonly phone: string;
}

export const DEMO_LABORATORY: Laboratory = {
  name: 'Reference Diagnostics Laboratory (demo)',
  address: '100 Demonstration Way, Suite 1, Sacramento, CA 95814 (demo address)',
  accreditation: 'CLIA 00D0000000 · CAP 0000000 (demo identifiers, not an accreditation)',
  director: 'Laboratory director: Dr. A. Example, PhD (demo)',
  phone: '(916) 555-0100 (demo)',
};
