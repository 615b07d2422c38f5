import { act, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useFieldValue } from '../../src/views/forms/use-field-value';

interface Values {
  country: string;
  zipCode: string;
}

const INITIAL: Values = { country: 'US', zipCode: '' };

/** A form whose watcher reports each value it draws with, in order, and hands out the form. */
function Harness({
  draws,
  watch,
  onForm,
}: {
  draws: string[];
  watch: 'byName' | 'fieldValue';
  onForm: (form: FormInstance<Values>) => void;
}) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  return (
    <Form<Values> form={form} initialValues={INITIAL}>
      <Form.Item name="country" label="Country">
        <Input />
      </Form.Item>
      {watch === 'byName' ? <ByName form={form} draws={draws} /> : <FieldValue form={form} draws={draws} />}
    </Form>
  );
}

function ByName({ form, draws }: { form: FormInstance<Values>; draws: string[] }) {
  const country = Form.useWatch('country', form);
  draws.push(String(country));
  return <output aria-label="watched">{country}</output>;
}

function FieldValue({ form, draws }: { form: FormInstance<Values>; draws: string[] }) {
  const country = useFieldValue(form, 'country', INITIAL.country);
  // zipCode has no field in this form: the initial value stands in.
  const zipCode = useFieldValue(form, 'zipCode', 'none');
  draws.push(`${country}/${zipCode}`);
  return <output aria-label="watched">{country}</output>;
}

function mount(watch: 'byName' | 'fieldValue') {
  const draws: string[] = [];
  let form: FormInstance<Values> | undefined;
  render(
    <Harness
      draws={draws}
      watch={watch}
      onForm={(instance) => {
        form = instance;
      }}
    />,
  );
  return { draws, form: () => form as FormInstance<Values> };
}

describe('useFieldValue', () => {
  it('draws a watching component once as it appears, where watching by name draws it twice', () => {
    // The reason for the hook: by name, the first drawing has no value and a second follows in the same task.
    expect(mount('byName').draws).toEqual(['undefined', 'US']);
    expect(mount('fieldValue').draws).toEqual(['US/none']);
  });

  it('follows the field as it changes, and reads the initial value for a field the form does not show', async () => {
    const { draws, form } = mount('fieldValue');
    act(() => form().setFieldsValue({ country: 'CA' }));
    // The form tells its watchers in a task of its own.
    await waitFor(() => expect(screen.getByRole('status', { name: 'watched' }).textContent).toBe('CA'));
    expect(draws).toEqual(['US/none', 'CA/none']);
  });
});
