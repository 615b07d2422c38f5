import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Tag } from 'antd';
import { memo, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import type { ColumnFilter, FilterBarTexts, FilterOperator } from '../../model/lists/paging';
import type { ListFiltersView } from '../../machines/lists/list-filters.selectors';
import type { FilterBuilder as FilterBuilderOf } from './filter-builder';
import { lazyNamed } from '../lazy';
import './parts.css';

/** The filter builder's events, which every list's query machine takes (the big lists' and the patients list's). */
export type FilterBarEvent<TColumn extends string> =
  | { type: 'filters.open' }
  | { type: 'filters.close' }
  | { type: 'filters.back' }
  | { type: 'filters.search'; text: string }
  | { type: 'filters.pickColumn'; column: TColumn }
  | { type: 'filters.setOperator'; operator: FilterOperator }
  | { type: 'filters.setValue'; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.remove'; column: TColumn; operator: FilterOperator }
  | { type: 'filters.clear' };

/** What the bar shows: a list machine's selector gives it, whatever else that list's view holds. */
export type FilterBarView<TColumn extends string> = Omit<ListFiltersView<TColumn>, 'sort' | 'page' | 'canGoBack'>;

export interface FilterBarProps<TColumn extends string> {
  view: FilterBarView<TColumn>;
  /** The list's query machine; method syntax, so that a machine taking more events than these fits. */
  actor: { send(event: FilterBarEvent<TColumn>): void };
  /** The list's own words: the orders list and the kit list word their builders differently. */
  texts: FilterBarTexts;
  columnLabel: (column: TColumn) => string;
  /** The list's rule for the column picker: its filter columns whose name holds the searched text. */
  matchColumns: (search: string) => readonly TColumn[];
  /** The options of a choice column (the order status groups); a list without one leaves it out. */
  choicesOf?: (column: TColumn) => readonly string[];
  /** A chip's words where the list says them otherwise (a date range as days); null for the usual words. */
  chipText?: (filter: ColumnFilter<TColumn>) => string | null;
}

const loadFilterBuilder = () => import('./filter-builder');
// A failed fetch of the builder's code shows the portal's retry message, not the crash screen (lazyNamed). Typed as
// the module's generic component, which a lazy component's own type cannot carry.
const FilterBuilder = lazyNamed(loadFilterBuilder, 'FilterBuilder') as unknown as typeof FilterBuilderOf;

/**
 * Remote column filters of every big list (ordering §2, kits §2): a Filter button opening the builder (column,
 * then operator and value), and the applied filters as chips with a remove button each and Clear all. Enter
 * applies, Escape goes back.
 */
function FilterBarOf<TColumn extends string>(props: FilterBarProps<TColumn>) {
  const { view, actor, texts, columnLabel, chipText } = props;
  const chipLabel = (filter: ColumnFilter<TColumn>) =>
    chipText?.(filter) ?? texts.chip(columnLabel(filter.column), texts.operators[filter.operator], filter.value);
  const button = useRef<HTMLButtonElement>(null);
  // Opening shows in two steps, as the shell's menus do: the click's own frame shows the Filter button pressed
  // (`aria-expanded`, drawn by parts.css), and antd's Popover with the builder mounts just after, in a background
  // render. Closing is immediate.
  const shown = useDeferredValue(view.open) && view.open;
  const wasOpen = useRef(view.open);
  useEffect(() => {
    // Closed by Apply, Back or Escape: focus goes back to the Filter button rather than to the page's start.
    if (wasOpen.current && !view.open && (document.activeElement === document.body || document.activeElement === null)) {
      button.current?.focus();
    }
    wasOpen.current = view.open;
  }, [view.open]);

  return (
    <Flex gap={8} wrap align="center" className="parts-filter-bar">
      <Popover
        trigger="click"
        placement="bottomLeft"
        open={shown}
        onOpenChange={(open) => actor.send({ type: open ? 'filters.open' : 'filters.close' })}
        destroyOnHidden
        content={
          <Suspense fallback={<div className="parts-filter-builder-fallback" />}>
            <FilterBuilder {...props} />
          </Suspense>
        }
      >
        {/* Pointing at or reaching the button fetches the builder, so that it is there when the popover opens. */}
        <Button
          ref={button}
          className="parts-filter-button"
          icon={<FilterOutlined aria-hidden />}
          aria-haspopup="dialog"
          aria-expanded={view.open}
          onPointerEnter={() => void loadFilterBuilder()}
          onFocus={() => void loadFilterBuilder()}
        >
          {texts.open}
        </Button>
      </Popover>
      {view.filters.length > 0 ? (
        <ul aria-label={texts.activeFilters} className="parts-filter-chips">
          {view.filters.map((filter) => (
            <li key={`${filter.column} ${filter.operator}`}>
              <Tag className="parts-filter-chip">
                {chipLabel(filter)}
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined aria-hidden />}
                  aria-label={texts.removeFilter(chipLabel(filter))}
                  onClick={() => actor.send({ type: 'filters.remove', column: filter.column, operator: filter.operator })}
                />
              </Tag>
            </li>
          ))}
        </ul>
      ) : null}
      {view.canClear ? (
        <Button type="link" onClick={() => actor.send({ type: 'filters.clear' })}>
          {texts.clearAll}
        </Button>
      ) : null}
    </Flex>
  );
}

/** Renders again only when the filters change, not when the list below it loads a page. */
export const FilterBar = memo(FilterBarOf) as typeof FilterBarOf;
