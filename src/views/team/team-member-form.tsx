import { Alert, Button, Form, Input, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { DISCIPLINE_OPTIONS, type TeamMemberField } from '../../model/team/team-form';
import { TeamMemberText } from '../../model/team/team-texts';
import type { teamMemberFormMachine } from '../../machines/team/team-member-form.machine';
import type { TeamMemberFormView } from '../../machines/team/team-member-form.selectors';

type TeamMemberFormActor = ActorRefFrom<typeof teamMemberFormMachine>;

const fieldId = (field: TeamMemberField) => `team-member-${field}`;

/**
 * The member's fields as the machine holds them: each change goes to the machine, which clears that field's
 * message; kits §5's messages show under their fields after a submit. The email is read-only when editing.
 */
export function TeamMemberForm({ view, actor }: { view: TeamMemberFormView; actor: TeamMemberFormActor }) {
  const { values, fieldErrors } = view;
  const editing = view.mode === 'edit';
  const change = (patch: Parameters<typeof changeOf>[0]) => actor.send(changeOf(patch));

  const item = (field: TeamMemberField, label: string, control: ReactNode) => (
    <Form.Item label={label} htmlFor={fieldId(field)} validateStatus={fieldErrors[field] ? 'error' : undefined} help={fieldErrors[field]}>
      {control}
    </Form.Item>
  );

  return (
    <Form layout="vertical" requiredMark={false} disabled={view.saving} onFinish={() => actor.send({ type: 'member.submit' })}>
      {view.error ? <Alert type="error" showIcon title={view.error} style={{ marginBottom: 16 }} /> : null}
      {item(
        'firstName',
        TeamMemberText.firstName,
        <Input
          id={fieldId('firstName')}
          autoComplete="off"
          value={values.firstName}
          onChange={(e) => change({ firstName: e.target.value })}
        />,
      )}
      {item(
        'lastName',
        TeamMemberText.lastName,
        <Input
          id={fieldId('lastName')}
          autoComplete="off"
          value={values.lastName}
          onChange={(e) => change({ lastName: e.target.value })}
        />,
      )}
      {item(
        'email',
        TeamMemberText.email,
        <Input
          id={fieldId('email')}
          inputMode="email"
          autoComplete="off"
          readOnly={editing}
          value={values.email}
          onChange={(e) => change({ email: e.target.value })}
        />,
      )}
      {item(
        'phone',
        TeamMemberText.phone,
        <Input
          id={fieldId('phone')}
          type="tel"
          autoComplete="off"
          value={values.phone}
          onChange={(e) => change({ phone: e.target.value })}
        />,
      )}
      {item(
        'receiveNotifications',
        TeamMemberText.notifications,
        <Switch
          id={fieldId('receiveNotifications')}
          checked={values.receiveNotifications}
          onChange={(checked) => change({ receiveNotifications: checked })}
        />,
      )}
      {item(
        'userType',
        TeamMemberText.discipline,
        <Select
          id={fieldId('userType')}
          options={[...DISCIPLINE_OPTIONS]}
          value={values.userType ?? undefined}
          onChange={(userType: number) => change({ userType })}
        />,
      )}
      <Button type="primary" htmlType="submit" loading={view.saving}>
        {editing ? TeamMemberText.save : TeamMemberText.create}
      </Button>
    </Form>
  );
}

function changeOf(values: Partial<TeamMemberFormView['values']>) {
  return { type: 'member.change', values } as const;
}
