import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Select, Tag, Typography } from 'antd';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { FILTER_OPERATORS, type FilterOperator } from '../../../model/lists/paging';
import { matchingColumns } from '../../../model/orders/order-list-rules';
import { OrderColumnText, OrderFilterText } from '../../../model/orders/order-list-texts';
import type { OrderFilter } from '../../../machines/orders/order-filters.machine';
import type { OrderFiltersView } from '../../../machines/orders/order-filters.selectors';
import type { OrderFiltersActor } from './orders-actors';

const chipLabel = (filter: OrderFilter) =>
  OrderFilterText.chip(OrderColumnText[filter.column], OrderFilterText.operators[filter.operator], filter.value);

/**
 * Ordering §2 remote column filters: a Filter button opening the builder (column, then operator and value),
 * and the applied filters as chips with a remove button each and Clear all. Enter applies, Escape goes back.
 */
export function OrderFilterBar({ view, actor }: { view: OrderFiltersView; actor: OrderFiltersActor }) {
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
        content={<FilterBuilder view={view} actor={actor} />}
      >
        <Button ref={button} icon={<FilterOutlined aria-hidden />} aria-haspopup="dialog" aria-expanded={view.open}>
          {OrderFilterText.open}
        </Button>
      </Popover>
      {view.filters.length > 0 ? (
        <ul aria-label={OrderFilterText.activeFilters} style={{ display: 'contents' }}>
          {view.filters.map((filter) => (
            <li key={`${filter.column} ${filter.operator}`} style={{ listStyle: 'none' }}>
              <Tag style={{ marginInlineEnd: 0, paddingInlineEnd: 0 }}>
                {chipLabel(filter)}
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined aria-hidden />}
                  aria-label={OrderFilterText.removeFilter(chipLabel(filter))}
                  onClick={() => actor.send({ type: 'filters.remove', column: filter.column, operator: filter.operator })}
                />
              </Tag>
            </li>
          ))}
        </ul>
      ) : null}
      {view.canClear ? (
        <Button type="link" onClick={() => actor.send({ type: 'filters.clear' })}>
          {OrderFilterText.clearAll}
        </Button>
      ) : null}
    </Flex>
  );
}

function FilterBuilder({ view, actor }: { view: OrderFiltersView; actor: OrderFiltersActor }) {
  const columns = matchingColumns(view.search);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    // Escape is the builder's Back; the popover must not also close on it.
    event.preventDefault();
    event.stopPropagation();
    actor.send({ type: 'filters.back' });
  };
  return (
    <div role="dialog" aria-label={OrderFilterText.title} onKeyDown={onKeyDown} style={{ width: 280 }}>
      {view.pickingColumn ? (
        <Flex vertical gap={8}>
          <Input
            autoFocus
            aria-label={OrderFilterText.findColumn}
            placeholder={OrderFilterText.findColumn}
            value={view.search}
            onChange={(event) => actor.send({ type: 'filters.search', text: event.target.value })}
            onPressEnter={() => {
              const first = columns[0];
              if (first) actor.send({ type: 'filters.pickColumn', column: first });
            }}
          />
          <ul aria-label={OrderFilterText.column} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {columns.map((column) => (
              <li key={column}>
                <Button
                  type="text"
                  block
                  style={{ textAlign: 'start', justifyContent: 'flex-start' }}
                  onClick={() => actor.send({ type: 'filters.pickColumn', column })}
                >
                  {OrderColumnText[column]}
                </Button>
              </li>
            ))}
          </ul>
          {columns.length === 0 ? <Typography.Text type="secondary">{OrderFilterText.noColumn}</Typography.Text> : null}
        </Flex>
      ) : null}
      {view.editingValue && view.column ? (
        <Flex vertical gap={8}>
          <Typography.Text strong>{OrderColumnText[view.column]}</Typography.Text>
          <Select<FilterOperator>
            aria-label={OrderFilterText.operator}
            value={view.operator}
            options={FILTER_OPERATORS.map((operator) => ({ value: operator, label: OrderFilterText.operators[operator] }))}
            onChange={(operator) => actor.send({ type: 'filters.setOperator', operator })}
          />
          <Input
            autoFocus
            aria-label={OrderFilterText.value}
            placeholder={OrderFilterText.value}
            value={view.value}
            onChange={(event) => actor.send({ type: 'filters.setValue', value: event.target.value })}
            onPressEnter={() => actor.send({ type: 'filters.apply' })}
          />
          <Flex gap={8} justify="flex-end">
            <Button onClick={() => actor.send({ type: 'filters.back' })}>{OrderFilterText.back}</Button>
            <Button type="primary" disabled={!view.canApply} onClick={() => actor.send({ type: 'filters.apply' })}>
              {OrderFilterText.apply}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </div>
  );
}
