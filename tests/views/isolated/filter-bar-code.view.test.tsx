import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterKind } from '../../../src/model/lists/filter-kinds';
import { ListFilterText } from '../../../src/model/lists/list-filter-texts';
import { FilterOperator } from '../../../src/model/lists/paging';
import { FilterBar, type FilterBarView } from '../../../src/views/parts/filter-bar';
import { CrashBoundary } from '../../../src/views/shell/crash-screen';
import { PageCodeBoundary } from '../../../src/views/shell/page-code-boundary';

/**
 * Issue 40 (no dead ends): the filter builder is its own chunk, fetched when the Filter button opens. A fetch that
 * fails (the server unreachable) shows the portal's retry message in place of the page, never the crash screen,
 * and Try Again fetches it once more.
 */

const reach = vi.hoisted(() => ({ reachable: false, loads: 0 }));

vi.mock('../../../src/views/parts/filter-builder', async (importOriginal) => {
  reach.loads += 1;
  if (!reach.reachable) throw new TypeError('Failed to fetch dynamically imported module: /assets/filter-builder.js');
  return importOriginal();
});

const openView: FilterBarView<'customer'> = {
  filters: [],
  open: true,
  pickingColumn: true,
  editingValue: false,
  search: '',
  column: null,
  operator: FilterOperator.contains,
  value: '',
  kind: FilterKind.text,
  valueProblem: null,
  canApply: false,
  canClear: false,
};

describe('the filter builder’s code (issue 40)', () => {
  beforeEach(() => {
    reach.reachable = false;
    reach.loads = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('a failed fetch says so inside the portal, not with the crash screen, and Try Again shows the builder', async () => {
    render(
      <CrashBoundary>
        <p>The portal’s menu</p>
        <PageCodeBoundary>
          <FilterBar
            view={openView}
            actor={{ send: () => undefined }}
            texts={ListFilterText}
            columnLabel={() => 'Customer'}
            matchColumns={() => ['customer']}
          />
        </PageCodeBoundary>
      </CrashBoundary>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByText('The portal’s menu')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(reach.loads).toBeGreaterThan(0);

    reach.reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('dialog', { name: ListFilterText.title })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: ListFilterText.findColumn })).toBeTruthy();
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
  });
});
