/**
 * `npm run bench:kits`: the kit list (kits §2, §9) on 10,000 kits in Chromium with the CPU throttled 4×: the
 * reference server seeds them for the HCP demo practice (`--seed-kits`), hcp.checkout signs in, and
 * scripts/lib/bench-list.ts measures the first rows and the frame times of scrolling to the list's end.
 *
 * Options: --kits N (default 10000), --step PX scrolled per frame (default 320, five rows: a quick wheel), --keep-build to reuse
 * the previous build in the same folder.
 */
import { KitListText } from '../src/model/kits/kit-list-texts';
import { kitListTitle } from '../src/model/shell/navigation';
import { UnitType } from '../src/model/enums';
import { benchList } from './lib/bench-list';
import { runMain } from './lib/run-main';

const title = kitListTitle(UnitType.HCP);

// Explicit exit: the server child and the browser are closed by the bench, the report is complete by now.
runMain(() =>
  benchList({
    rows: 'kits',
    seedOption: '--seed-kits',
    apiPath: '/portalApi/Kits',
    path: '/kits',
    menuItem: title,
    scrollLabel: KitListText.scrollLabel(title),
    username: 'hcp.checkout',
  }),
);
