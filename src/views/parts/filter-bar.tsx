import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Select, Tag, Typography } from 'antd';
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { FILTER_OPERATORS, type ColumnFilter, type FilterBarTexts, type FilterOperator } from '../../model/lists/paging';
import type { ListFiltersView } from '../../machines/lists/list-filters.selectors';

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

interface FilterBarProps<TColumn extends string> {
  view: FilterBarView<TColumn>;
  /** The list's query machine; method syntax, so that a machine taking more events than these fits. */
  actor: { send(event: FilterBarEvent<TColumn>): void };
  /** The list's own words: the orders list and the kit list word their builders differently. */
  texts: FilterBarTexts;
  columnLabel: (column: TColumn) => string;
  /** The list's rule for the column picker: its filter columns whose name holds the searched text. */
  matchColumns: (search: string) => readonly TColumn[];
}

/**
 * Remote column filters of every big list (ordering §2, kits §2): a Filter button opening the builder (column,
 * then operator and value), and the applied filters as chips with a remove button each and Clear all. Enter
 * applies, Escape goes back.
 */
function FilterBarOf<TColumn extends string>({ view, actor, texts, columnLabel, matchColumns }: FilterBarProps<TColumn>) {
  const chipLabel = (filter: ColumnFilter<TColumn>) =>
    texts.chip(columnLabel(filter.column), texts.operators[filter.operator], filter.value);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(view.open);
  useEffect(() => {
    // Closed by Apply, Back or Escape: focus goes back to the Filter button rather than to the page's start.
    if (wasOpen.current && !view.open && (document.activeElement === document.body || document.activeElement === null)) {
      button.current?.focus();
    }
    wasOpen.current = view.open;
  }, [view.open]);

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
      <Popover
        trigger="click"
        placement="bottomLeft"
        open={view.open}
        onOpenChange={(open) => actor.send({ type: open ? 'filters.open' : 'filters.close' })}
        destroyOnHidden
        content={<FilterBuilder view={view} actor={actor} texts={texts} columnLabel={columnLabel} matchColumns={matchColumns} />}
      >
        <Button ref={button} icon={<FilterOutlined aria-hidden />} aria-haspopup="dialog" aria-expanded={view.open}>
          {texts.open}
        </Button>
      </Popover>
      {view.filters.length > 0 ? (
        <ul aria-label={texts.activeFilters} style={{ display: 'contents' }}>
          {view.filters.map((filter) => (
            <li key={`${filter.column} ${filter.operator}`} style={{ listStyle: 'none' }}>
              <Tag style={{ marginInlineEnd: 0, paddingInlineEnd: 0 }}>
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

function FilterBuilder<TColumn extends string>({ view, actor, texts, columnLabel, matchColumns }: FilterBarProps<TColumn>) {
  const columns = matchColumns(view.search);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    // Escape is the builder's Back; the popover must not also close on it.
    event.preventDefault();
    event.stopPropagation();
    actor.send({ type: 'filters.back' });
  };
  return (
    <div role="dialog" aria-label={texts.title} onKeyDown={onKeyDown} style={{ width: 280 }}>
      {view.pickingColumn ? (
        <Flex vertical gap={8}>
          <Input
            autoFocus
            aria-label={texts.findColumn}
            placeholder={texts.findColumn}
            value={view.search}
            onChange={(event) => actor.send({ type: 'filters.search', text: event.target.value })}
            onPressEnter={() => {
              const first = columns[0];
              if (first) actor.send({ type: 'filters.pickColumn', column: first });
            }}
          />
          <ul aria-label={texts.column} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {columns.map((column) => (
              <li key={column}>
                <Button
                  type="text"
                  block
                  style={{ textAlign: 'start', justifyContent: 'flex-start' }}
                  onClick={() => actor.send({ type: 'filters.pickColumn', column })}
                >
                  {columnLabel(column)}
                </Button>
              </li>
            ))}
          </ul>
          {columns.length === 0 ? <Typography.Text type="secondary">{texts.noColumn}</Typography.Text> : null}
        </Flex>
      ) : null}
      {view.editingValue && view.column ? (
        <Flex vertical gap={8}>
          <Typography.Text strong>{columnLabel(view.column)}</Typography.Text>
          <Select<FilterOperator>
            aria-label={texts.operator}
            value={view.operator}
            options={FILTER_OPERATORS.map((operator) => ({ value: operator, label: texts.operators[operator] }))}
            onChange={(operator) => actor.send({ type: 'filters.setOperator', operator })}
          />
          <Input
            autoFocus
            aria-label={texts.value}
            placeholder={texts.value}
            value={view.value}
            onChange={(event) => actor.send({ type: 'filters.setValue', value: event.target.value })}
            onPressEnter={() => actor.send({ type: 'filters.apply' })}
          />
          <Flex gap={8} justify="flex-end">
            <Button onClick={() => actor.send({ type: 'filters.back' })}>{texts.back}</Button>
            <Button type="primary" disabled={!view.canApply} onClick={() => actor.send({ type: 'filters.apply' })}>
              {texts.apply}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </div>
  );
}
