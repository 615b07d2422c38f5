import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { ChoicePending, ChoiceSelectOnDemand } from '../../src/views/forms/choice-select-on-demand';

const options = [
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States of America' },
];

describe('a select that loads on demand (checkout, other address)', () => {
  it('until it arrives, the field is there under its label with the current choice, and the form still checks it', async () => {
    const user = userEvent.setup();
    render(
      <Form initialValues={{ country: 'US' }}>
        <Form.Item name="country" label="Country" rules={[{ required: true, message: 'Country is required' }]}>
          <ChoicePending options={options} />
        </Form.Item>
        <Form.Item name="state" label="State" rules={[{ required: true, message: 'State is required' }]}>
          <ChoicePending options={options} />
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
    render(
      <Form onValuesChange={(changed: { country?: string }) => chosen.push(changed.country ?? '')}>
        <Form.Item name="country" label="Country">
          <ChoiceSelectOnDemand options={options} />
        </Form.Item>
      </Form>,
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toBeTruthy());
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Cana');
    await user.click(await screen.findByTitle('Canada'));
    expect(chosen).toEqual(['CA']);
  });
});
