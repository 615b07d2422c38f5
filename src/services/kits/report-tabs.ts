import type { ReportTabOutcome } from '../../model/kits/kit-reports';

/**
 * The browser tabs a report download opens (kits §4 and the contract decisions): opened blank in the click itself,
 * so that pop-up blockers allow them, then pointed at the report, given the list of several reports' links, or
 * closed. Machines name a tab by an id of their own, which keeps their context free of window handles; tests
 * replace the whole adapter.
 */

export interface ReportListPage {
  readonly title: string;
  readonly heading: string;
  readonly opensInNewTab: string;
  readonly links: Extract<ReportTabOutcome, { kind: 'list' }>['links'];
}

const open = new Map<string, Window>();

function take(id: string): Window | null {
  const tab = open.get(id) ?? null;
  open.delete(id);
  return tab && !tab.closed ? tab : null;
}

/** The list of links, written into the blank tab: plain elements, each link opening its report in a tab of its own. */
function writeList(tab: Window, page: ReportListPage) {
  const doc = tab.document;
  doc.documentElement.lang = 'en';
  doc.title = page.title;
  const viewport = doc.createElement('meta');
  viewport.name = 'viewport';
  viewport.content = 'width=device-width, initial-scale=1';
  doc.head.append(viewport);
  const main = doc.createElement('main');
  main.style.cssText = 'font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; line-height: 1.5';
  const heading = doc.createElement('h1');
  heading.textContent = page.heading;
  const list = doc.createElement('ul');
  for (const { label, url } of page.links) {
    const item = doc.createElement('li');
    const link = doc.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.textContent = `${label} ${page.opensInNewTab}`;
    item.append(link);
    list.append(item);
  }
  main.append(heading, list);
  doc.body.replaceChildren(main);
}

export const reportTabs = {
  /**
   * Opens a blank tab. It must run while the click is handled, before anything is awaited: Chromium allows one
   * pop-up per click and none after the click's turn has passed. A blocked tab is simply not there later.
   */
  open(id: string): void {
    const tab = window.open('', '_blank');
    if (!tab) return;
    // The report's page gets no handle on the portal's window.
    tab.opener = null;
    open.set(id, tab);
  },
  /** Points the tab at the report, without leaving the blank page in its history. */
  show(id: string, url: string): void {
    take(id)?.location.replace(url);
  },
  list(id: string, page: ReportListPage): void {
    const tab = take(id);
    if (tab) writeList(tab, page);
  },
  close(id: string): void {
    take(id)?.close();
  },
  /** The window's width when a download is asked for, which decides the rendering (kits §7). */
  windowWidth(): number {
    return window.innerWidth;
  },
};
