import { Button, DatePicker, Flex, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDeferredValue, type KeyboardEvent } from 'react';
import { FILTER_OPERATORS, type FilterOperator } from '../../model/lists/paging';
import { dateRangeDays, dateRangeValue } from '../../model/lists/date-range';
import { FilterKind } from '../../model/lists/filter-kinds';
import { RangeFilterText } from '../../model/lists/list-filter-texts';
import type { FilterBarProps } from './filter-bar';
import './parts.css';

/**
 * The filter builder inside the Filter button's popover: the column picker, then the operator and the value.
 * Its own chunk, with antd's Select: a list shows its filters long before anyone opens the builder.
 */
export function FilterBuilder<TColumn extends string>({
  view,
  actor,
  texts,
  columnLabel,
  matchColumns,
  choicesOf,
}: FilterBarProps<TColumn>) {
  const columns = matchColumns(view.search);
  // A picked column shows in two steps, as the builder's popover does: the click's own frame shows the column
  // picked in its list, and the value step (antd's selects, the heaviest part) mounts just after, in a background
  // render. Going back is immediate.
  const showingValue = useDeferredValue(view.editingValue) && view.editingValue;
  const showingColumns = view.pickingColumn || (view.editingValue && !showingValue);
  const picked = view.editingValue ? view.column : null;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    // Escape is the builder's Back; the popover must not also close on it.
    event.preventDefault();
    event.stopPropagation();
    actor.send({ type: 'filters.back' });
  };
  return (
    <div role="dialog" aria-label={texts.title} onKeyDown={onKeyDown} className="parts-filter-builder">
      {showingColumns ? (
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
                  className={column === picked ? 'parts-filter-column parts-filter-column-picked' : 'parts-filter-column'}
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
      {showingValue && view.column ? (
        <Flex vertical gap={8}>
          <Typography.Text strong>{columnLabel(view.column)}</Typography.Text>
          {view.kind === FilterKind.text ? (
            <>
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
            </>
          ) : view.kind === FilterKind.dateRange ? (
            <DateRangeValue value={view.value} onChange={(value) => actor.send({ type: 'filters.setValue', value })} />
          ) : (
            <Select<string>
              autoFocus
              aria-label={texts.value}
              placeholder={RangeFilterText.choose}
              value={view.value || undefined}
              options={(choicesOf?.(view.column) ?? []).map((option) => ({ value: option, label: option }))}
              onChange={(value) => actor.send({ type: 'filters.setValue', value })}
            />
          )}
          {view.valueProblem ? (
            <Typography.Text type="danger" role="alert">
              {view.valueProblem}
            </Typography.Text>
          ) : null}
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

const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * A date range column's value: antd's range picker, first and last day. The days are kept in the order chosen
 * (`order` off), so that an end before the start is refused with words rather than silently swapped.
 */
function DateRangeValue({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const days = dateRangeDays(value);
  const picked: [Dayjs, Dayjs] | null = days ? [dayjs(days.first), dayjs(days.last)] : null;
  return (
    <DatePicker.RangePicker
      autoFocus
      order={false}
      allowEmpty={[false, false]}
      // Its clear button is a 14 px target (WCAG 2.2 target size); Back, or the chip's remove, does the same.
      allowClear={false}
      placeholder={[RangeFilterText.start, RangeFilterText.end]}
      // Inside the builder's popover, so that picking a day is not a click outside it that closes the builder.
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      value={picked}
      onChange={(dates) => {
        const [first, last] = dates ?? [null, null];
        onChange(first && last ? dateRangeValue(first.format(DAY_FORMAT), last.format(DAY_FORMAT)) : '');
      }}
    />
  );
}
