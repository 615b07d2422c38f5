import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { PaymentMethodsText } from '../../model/orders/texts';
import { addCardMachine } from '../../machines/payments/add-card.machine';
import { selectAddCard } from '../../machines/payments/add-card.selectors';
import { useWorkflow } from '../use-workflow';
import { CardInput, useCreateCardPaymentMethod } from './card-entry';
import './payments.css';

export type AddCardActor = ActorRefFrom<typeof addCardMachine>;

/** The Add Payment Method workflow, creating the card from the CardInput of the boundary it runs in. */
export function useAddCardWorkflow(): AddCardActor {
  const create = useCreateCardPaymentMethod();
  const machine = useMemo(() => addCardMachine.provide({ actors: { createPaymentMethod: fromPromise(() => create()) } }), [create]);
  return useWorkflow(machine);
}

/**
 * Ordering §2: the card input, Cancel and Add Payment Method ("Adding..." while busy). A refusal is shown in
 * the modal, which stays open; while the card is being added nothing closes it.
 */
export function AddPaymentMethodModal({ actor }: { actor: AddCardActor }) {
  const { open, busy, canSubmit, error } = useSelector(actor, selectAddCard, shallowEqual);
  const [complete, setComplete] = useState(false);
  const labelId = useId();
  // The card input starts empty each time the modal opens.
  useEffect(() => {
    if (!open) setComplete(false);
  }, [open]);
  const cancel = () => actor.send({ type: 'addCard.cancel' });

  return (
    <Modal
      open={open}
      title={PaymentMethodsText.addTitle}
      onCancel={cancel}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={cancel} disabled={!canSubmit}>
          {PaymentMethodsText.cancel}
        </Button>,
        <Button key="add" type="primary" loading={busy} onClick={() => actor.send({ type: 'addCard.submit', complete })}>
          {busy ? PaymentMethodsText.adding : PaymentMethodsText.add}
        </Button>,
      ]}
    >
      {error ? <Alert type="error" showIcon title={error} className="payments-error" /> : null}
      <div id={labelId} className="payments-card-label">
        {PaymentMethodsText.cardLabel}
      </div>
      <CardInput labelledBy={labelId} disabled={busy} onChange={setComplete} />
    </Modal>
  );
}
