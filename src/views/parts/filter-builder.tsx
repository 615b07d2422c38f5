import { Button, Flex, Input, Select, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { FILTER_OPERATORS, type FilterOperator } from '../../model/lists/paging';
import type { FilterBarProps } from './filter-bar';
import './parts.css';

/**
 * The filter builder inside the Filter button's popover: the column picker, then the operator and the value.
 * Its own chunk, with antd's Select: a list shows its filters long before anyone opens the builder.
 */
export function FilterBuilder<TColumn extends string>({ view, actor, texts, columnLabel, matchColumns }: FilterBarProps<TColumn>) {
  const columns = matchColumns(view.search);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    // Escape is the builder's Back; the popover must not also close on it.
    event.preventDefault();
    event.stopPropagation();
    actor.send({ type: 'filters.back' });
  };
  return (
    <div role="dialog" aria-label={texts.title} onKeyDown={onKeyDown} className="parts-filter-builder">
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
          <ul aria-label={texts.column} className="parts-filter-columns">
            {columns.map((column) => (
              <li key={column}>
                <Button
                  type="text"
                  block
                  className="parts-filter-column"
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
