import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import type { ChoiceList } from '../../src/views/forms/choice-list';
import { ChoicePending, ChoiceSelectOnDemand } from '../../src/views/forms/choice-select-on-demand';

const options = [
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States of America' },
];

/** The two choices, counting how often the whole list is asked for. */
function choiceList(): ChoiceList & { readonly listed: () => number } {
  let listed = 0;
  return {
    all: () => {
      listed += 1;
      return options;
    },
    find: (value) => options.find((option) => option.value === value),
    listed: () => listed,
  };
}

describe('a select that loads on demand (checkout, other address)', () => {
  it('until it arrives, the field is there under its label with the current choice, and the form still checks it', async () => {
    const user = userEvent.setup();
    render(
      <Form initialValues={{ country: 'US' }}>
        <Form.Item name="country" label="Country" rules={[{ required: true, message: 'Country is required' }]}>
          <ChoicePending choices={choiceList()} />
        </Form.Item>
        <Form.Item name="state" label="State" rules={[{ required: true, message: 'State is required' }]}>
          <ChoicePending choices={choiceList()} />
        </Form.Item>
        <Button htmlType="submit">Place Order</Button>
      </Form>,
    );
    const country = screen.getByLabelText('Country');
    expect((country as HTMLInputElement).value).toBe('United States of America');
    expect(country.getAttribute('aria-busy')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('State is required')).toBeTruthy();
    expect(screen.queryByText('Country is required')).toBeNull();
  });

  it('then the select takes its place under the same label, and a choice reaches the form', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    const choices = choiceList();
    render(
      <Form onValuesChange={(changed: { country?: string }) => chosen.push(changed.country ?? '')}>
        <Form.Item name="country" label="Country">
          <ChoiceSelectOnDemand choices={choices} />
        </Form.Item>
      </Form>,
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toBeTruthy());
    expect(choices.listed()).toBe(0);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Cana');
    await user.click(await screen.findByTitle('Canada'));
    expect(chosen).toEqual(['CA']);
  });

  it('shows the current choice without listing them all, and lists them all once it opens', async () => {
    const user = userEvent.setup();
    const choices = choiceList();
    render(
      <Form initialValues={{ country: 'US' }}>
        <Form.Item name="country" label="Country">
          <ChoiceSelectOnDemand choices={choices} />
        </Form.Item>
      </Form>,
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toBeTruthy());
    expect(screen.getByTitle('United States of America')).toBeTruthy();
    expect(choices.listed()).toBe(0);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(await screen.findByTitle('Canada')).toBeTruthy();
    expect(choices.listed()).toBeGreaterThan(0);
  });
});
