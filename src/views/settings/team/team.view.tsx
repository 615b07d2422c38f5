/** Kits §2 "Settings: Team" (built by issue 11). */
export function TeamTab() {
  return null;
}
