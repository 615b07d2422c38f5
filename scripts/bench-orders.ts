/**
 * `npm run bench:orders`: the orders list (ordering §2, §9) on 10,000 orders in Chromium with the CPU throttled
 * 4×: the reference server seeds them for the HCP demo practice (`--seed-orders`), hcp.checkout signs in, and
 * scripts/lib/bench-list.ts measures the first rows and the frame times of scrolling to the list's end.
 *
 * Options: --orders N (default 10000), --step PX scrolled per frame (default 320, five rows: a quick wheel), --keep-build to reuse
 * the previous build in the same folder.
 */
import { OrderListText } from '../src/model/orders/order-list-texts';
import { benchList } from './lib/bench-list';
import { runMain } from './lib/run-main';

// Explicit exit: the server child and the browser are closed by the bench, the report is complete by now.
runMain(() =>
  benchList({
    rows: 'orders',
    seedOption: '--seed-orders',
    apiPath: '/portalApi/Orders',
    path: '/orders',
    menuItem: 'Orders',
    scrollLabel: OrderListText.scrollLabel,
    username: 'hcp.checkout',
  }),
);
