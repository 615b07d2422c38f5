import { Alert, Button, Form, Input, Select, Switch, type FormInstance } from 'antd';
import type { ActorRefFrom } from 'xstate';
import {
  DISCIPLINE_OPTIONS,
  teamMemberFieldErrors,
  type TeamMemberField,
  type TeamMemberMode,
  type TeamMemberValues,
} from '../../model/team/team-form';
import { TeamMemberText } from '../../model/team/team-texts';
import type { teamMemberFormMachine } from '../../machines/team/team-member-form.machine';
import type { TeamMemberFormView } from '../../machines/team/team-member-form.selectors';
import { modelRule } from '../forms/model-rule';

type TeamMemberFormActor = ActorRefFrom<typeof teamMemberFormMachine>;

/** Kits §5's message under one field, from the model (a new member's rules or an edited one's), checked on submit. */
const fieldRule = (form: FormInstance<TeamMemberValues>, mode: TeamMemberMode, field: TeamMemberField) =>
  modelRule(form, (values) => teamMemberFieldErrors(mode, values)[field], { onSubmit: true });

/** antd's options are 32 px tall; the list shows every discipline without a scrolling region (WCAG 2.1.1). */
const DISCIPLINE_LIST_HEIGHT = DISCIPLINE_OPTIONS.length * 32 + 8;

/** No discipline chosen is null in the form's values; the select shows it as empty. */
const disciplineProps = (userType: number | null) => ({ value: userType ?? undefined });

/**
 * The member's fields: the form opens with the machine's values, keeps what is typed and hands its values over on
 * submit; kits §5's messages show under their fields after a submit. The email is read-only when editing.
 */
export function TeamMemberForm({ view, actor }: { view: TeamMemberFormView; actor: TeamMemberFormActor }) {
  const [form] = Form.useForm<TeamMemberValues>();
  const editing = view.mode === 'edit';
  const rules = (field: TeamMemberField) => [fieldRule(form, view.mode, field)];

  return (
    <Form<TeamMemberValues>
      form={form}
      name="team-member"
      layout="vertical"
      requiredMark={false}
      disabled={view.saving}
      initialValues={view.values}
      onFinish={(values) => actor.send({ type: 'member.submit', values })}
    >
      {view.error ? <Alert className="team-member-error" type="error" showIcon title={view.error} /> : null}
      {editing ? null : <Alert className="team-member-note" type="info" showIcon title={TeamMemberText.setPasswordNote} />}
      <Form.Item name="firstName" label={TeamMemberText.firstName} rules={rules('firstName')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="lastName" label={TeamMemberText.lastName} rules={rules('lastName')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label={TeamMemberText.email} rules={rules('email')}>
        <Input inputMode="email" autoComplete="off" readOnly={editing} />
      </Form.Item>
      <Form.Item name="phone" label={TeamMemberText.phone} rules={rules('phone')}>
        <Input type="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="receiveNotifications"
        label={TeamMemberText.notifications}
        valuePropName="checked"
        rules={rules('receiveNotifications')}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="userType" label={TeamMemberText.discipline} rules={rules('userType')} getValueProps={disciplineProps}>
        {/* Eleven roles, all in the list at once and tall enough for each: nothing out of reach behind a scroll. */}
        <Select options={[...DISCIPLINE_OPTIONS]} virtual={false} listHeight={DISCIPLINE_LIST_HEIGHT} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={view.saving}>
        {editing ? TeamMemberText.save : TeamMemberText.create}
      </Button>
    </Form>
  );
}
