import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { canDecrease, parseQuantityInput, quantityDigits, quantityOnBlur } from '../../model/orders/cart';
import { CatalogueText } from '../../model/orders/texts';
import './orders.css';

/**
 * Ordering §5: minus, a text field and plus. The field takes digits only and applies what is typed only
 * above 0; leaving it turns anything else into 1. The group's label says whose quantity it is.
 */
export function QuantityStepper({ value, onChange, label }: { value: number; onChange: (quantity: number) => void; label: string }) {
  const [text, setText] = useState(String(value));
  // The value may change from outside (plus, minus, another tab): the field follows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }

  const type = (typed: string) => {
    const digits = quantityDigits(typed);
    setText(digits);
    const quantity = parseQuantityInput(digits);
    if (quantity !== null && quantity !== value) onChange(quantity);
  };
  const leave = () => {
    const quantity = quantityOnBlur(text);
    setText(String(quantity));
    if (quantity !== value) onChange(quantity);
  };

  return (
    <div role="group" aria-label={label}>
      <Space.Compact>
        <Button
          icon={<MinusOutlined aria-hidden />}
          aria-label={CatalogueText.decrease}
          disabled={!canDecrease(value)}
          onClick={() => onChange(value - 1)}
        />
        <Input
          aria-label={CatalogueText.quantity}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={leave}
          className="orders-quantity"
        />
        <Button icon={<PlusOutlined aria-hidden />} aria-label={CatalogueText.increase} onClick={() => onChange(value + 1)} />
      </Space.Compact>
    </div>
  );
}
