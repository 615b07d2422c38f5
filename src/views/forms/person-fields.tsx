import { Col, Form, Input, Row, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { FieldName, FieldRules } from './field-rules';

export type PersonField = 'firstName' | 'lastName' | 'email' | 'phone';

/** One of two columns on a wide screen, the whole width on a narrow one: how the forms pair their fields. */
export function HalfColumn({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} md={12}>
      {children}
    </Col>
  );
}

/**
 * A person's names, with their email and phone where the form asks for them (a field is asked for when it has a
 * label), side by side on wide screens; all required. Shared by the account, the profiles, the practice's contact
 * person and the checkout's customer. `names` are the form's own names of the fields where they differ;
 * `children` stand between the names and the phone (a read-only email).
 */
export function PersonFields({
  labels,
  rules,
  names = {},
  children,
}: {
  labels: { firstName: string; lastName: string; email?: string; phone?: string };
  rules: FieldRules<PersonField>;
  names?: Partial<Record<PersonField, string>>;
  children?: ReactNode;
}) {
  const nameOf = (field: PersonField): string => names[field] ?? field;
  const item = (field: PersonField, label: string, input: ReactNode) => (
    <HalfColumn>
      <Form.Item name={nameOf(field)} label={label} required rules={rules(field, nameOf(field))}>
        {input}
      </Form.Item>
    </HalfColumn>
  );
  return (
    <Row gutter={16}>
      {item('firstName', labels.firstName, <Input autoComplete="given-name" />)}
      {item('lastName', labels.lastName, <Input autoComplete="family-name" />)}
      {labels.email ? item('email', labels.email, <Input type="email" autoComplete="email" />) : null}
      {children}
      {labels.phone ? <PhoneField name={nameOf('phone')} label={labels.phone} rules={rules('phone', nameOf('phone'))} /> : null}
    </Row>
  );
}

/** A telephone number in half a row, required; a fax is optional and not the browser's phone to fill in. */
export function PhoneField({ name, label, rules, fax = false }: { name: FieldName; label: string; rules: FormRule[]; fax?: boolean }) {
  return (
    <HalfColumn>
      <Form.Item name={name} label={label} required={!fax} rules={rules}>
        <Input type="tel" autoComplete={fax ? undefined : 'tel'} />
      </Form.Item>
    </HalfColumn>
  );
}
