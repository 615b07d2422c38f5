import { CreditCardOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Card, Modal, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import type { ActorRefFrom } from 'xstate';
import { canDeleteCard, type PaymentMethod } from '../../model/payments/payment';
import { OrderingFailureText, PaymentMethodsText } from '../../model/orders/texts';
import { selectAddCard } from '../../machines/payments/add-card.selectors';
import { cardActionsMachine } from '../../machines/payments/card-actions.machine';
import { selectCardActions, type CardActionsView } from '../../machines/payments/card-actions.selectors';
import { useWorkflow } from '../use-workflow';
import { AddPaymentMethodModal, useAddCardWorkflow } from './add-payment-method-modal';
import { CardEntryScope } from './card-entry';
import { paymentMethodsQuery } from '../../services/payments/queries';
import './payments.css';

type CardActionsActor = ActorRefFrom<typeof cardActionsMachine>;

/** "Visa •••• 4242": the brand as the provider names it, capitalised by style rather than rewritten. */
function CardName({ method }: { method: PaymentMethod }) {
  return <span className="payments-card-name">{PaymentMethodsText.card(method.brand, method.last4)}</span>;
}

function expiryOf(method: PaymentMethod): string | null {
  return method.expMonth !== null && method.expYear !== null ? PaymentMethodsText.expires(method.expMonth, method.expYear) : null;
}

function CardRow({
  method,
  methods,
  actions,
  actor,
}: {
  method: PaymentMethod;
  methods: readonly PaymentMethod[];
  actions: CardActionsView;
  actor: CardActionsActor;
}) {
  const deletable = canDeleteCard(method, methods);
  const settingThis = actions.busy && !actions.confirmingDelete && actions.cardId === method.id;
  const expiry = expiryOf(method);
  return (
    <li className="payments-card-row">
      <CreditCardOutlined aria-hidden className="payments-card-icon" />
      <div className="payments-card-details">
        <Space size="small" wrap>
          <Typography.Text strong>
            <CardName method={method} />
          </Typography.Text>
          {method.isDefault ? <Tag color="blue">{PaymentMethodsText.defaultBadge}</Tag> : null}
        </Space>
        {expiry ? (
          <div>
            <Typography.Text type="secondary">{expiry}</Typography.Text>
          </div>
        ) : null}
      </div>
      <Space size="small" wrap>
        {method.isDefault ? null : (
          <Button
            loading={settingThis}
            disabled={!actions.canAct && !settingThis}
            onClick={() => actor.send({ type: 'card.setDefault', id: method.id })}
          >
            {PaymentMethodsText.setDefault}
          </Button>
        )}
        <Tooltip title={deletable ? undefined : PaymentMethodsText.defaultNotDeletable}>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={!deletable || !actions.canAct}
            aria-description={deletable ? undefined : PaymentMethodsText.defaultNotDeletable}
            onClick={() => actor.send({ type: 'card.delete', id: method.id })}
          >
            {PaymentMethodsText.delete}
          </Button>
        </Tooltip>
      </Space>
    </li>
  );
}

/** Ordering §2: "Are you sure you want to remove this payment method?", naming the card it is about. */
function DeleteCardModal({
  methods,
  actions,
  actor,
}: {
  methods: readonly PaymentMethod[];
  actions: CardActionsView;
  actor: CardActionsActor;
}) {
  const method = methods.find((candidate) => candidate.id === actions.cardId);
  const expiry = method ? expiryOf(method) : null;
  return (
    <Modal
      open={actions.confirmingDelete}
      title={PaymentMethodsText.deleteConfirm}
      okText={PaymentMethodsText.delete}
      // A red outline rather than a red fill: white on the dark theme's red fill does not reach 4.5:1.
      okButtonProps={{ danger: true, type: 'default' }}
      cancelText={PaymentMethodsText.cancel}
      cancelButtonProps={{ disabled: actions.busy }}
      confirmLoading={actions.busy}
      closable={!actions.busy}
      mask={{ closable: !actions.busy }}
      keyboard={!actions.busy}
      onOk={() => actor.send({ type: 'card.confirmDelete' })}
      onCancel={() => actor.send({ type: 'card.cancelDelete' })}
    >
      {method ? (
        <Typography.Text>
          <CardName method={method} />
          {expiry ? ` · ${expiry}` : null}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}

function CardList({ title, actor }: { title: string; actor: CardActionsActor }) {
  const { data: methods, isPending, isError } = useQuery(paymentMethodsQuery());
  const actions = useSelector(actor, selectCardActions, shallowEqual);
  if (isPending) {
    return (
      <Space>
        <Spin size="small" />
        <Typography.Text>{PaymentMethodsText.loading}</Typography.Text>
      </Space>
    );
  }
  if (isError) return <Alert type="error" showIcon title={OrderingFailureText.loadPaymentMethods} />;
  if (methods.length === 0) return <Typography.Text type="secondary">{PaymentMethodsText.empty}</Typography.Text>;
  return (
    <>
      <ul aria-label={title} className="payments-card-list">
        {methods.map((method) => (
          <CardRow key={method.id} method={method} methods={methods} actions={actions} actor={actor} />
        ))}
      </ul>
      <DeleteCardModal methods={methods} actions={actions} actor={actor} />
    </>
  );
}

/**
 * Ordering §2 "Payment Methods panel": the practice's saved cards with Set Default and Delete, and the Add
 * Payment Method modal. The saved cards are the portal's, so they show whatever the card provider's state;
 * only the modal, which needs the provider's card input, loads it (issue 40 point 5).
 */
export function PaymentMethodsPanel({ title = PaymentMethodsText.title }: { title?: string }) {
  return (
    <CardEntryScope>
      <Panel title={title} />
    </CardEntryScope>
  );
}

function Panel({ title }: { title: string }) {
  const addCard = useAddCardWorkflow();
  const { canOpen } = useSelector(addCard, selectAddCard, shallowEqual);
  const cardActions = useWorkflow(cardActionsMachine);
  return (
    <Card
      title={
        <Typography.Title level={4} className="payments-flush">
          {title}
        </Typography.Title>
      }
      extra={
        <Button icon={<PlusOutlined aria-hidden />} disabled={!canOpen} onClick={() => addCard.send({ type: 'addCard.open' })}>
          {PaymentMethodsText.add}
        </Button>
      }
    >
      <CardList title={title} actor={cardActions} />
      <AddPaymentMethodModal actor={addCard} />
    </Card>
  );
}
