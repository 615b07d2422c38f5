import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Modal } from 'antd';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { PaymentMethodsText } from '../../model/orders/texts';
import { addCardMachine } from '../../machines/payments/add-card.machine';
import { selectAddCard } from '../../machines/payments/add-card.selectors';
import { useWorkflow } from '../use-workflow';
import { CardInput, CardProviderBoundary, useCardPaymentMethodLogic } from './card-entry';
import './payments.css';

export type AddCardActor = ActorRefFrom<typeof addCardMachine>;

/**
 * The Add Payment Method workflow, created inside a CardEntryScope: it creates the card from the CardInput that
 * the modal draws in its own provider boundary, so the saved cards around it never wait for the provider.
 */
export function useAddCardWorkflow(): AddCardActor {
  const create = useCardPaymentMethodLogic();
  const machine = useMemo(() => addCardMachine.provide({ actors: { createPaymentMethod: create } }), [create]);
  return useWorkflow(machine);
}

/**
 * Ordering §2: the card input, Cancel and Add Payment Method ("Adding..." while busy). A refusal is shown in
 * the modal, which stays open; while the card is being added nothing closes it. Without a card provider the
 * modal says "Payment system is not properly configured. Please contact support." (ordering §8) in place of
 * the card input, and offers only Cancel.
 */
export function AddPaymentMethodModal({ actor }: { actor: AddCardActor }) {
  const { open, busy, canSubmit, error } = useSelector(actor, selectAddCard, shallowEqual);
  const [complete, setComplete] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const labelId = useId();
  // The card input starts empty each time the modal opens.
  useEffect(() => {
    if (!open) setComplete(false);
  }, [open]);
  const markUnavailable = useCallback(() => setUnavailable(true), []);
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
        unavailable ? null : (
          <Button key="add" type="primary" loading={busy} onClick={() => actor.send({ type: 'addCard.submit', complete })}>
            {busy ? PaymentMethodsText.adding : PaymentMethodsText.add}
          </Button>
        ),
      ]}
    >
      {error ? <Alert type="error" showIcon title={error} className="payments-error" /> : null}
      <CardProviderBoundary onUnavailable={markUnavailable}>
        <div id={labelId} className="payments-card-label">
          {PaymentMethodsText.cardLabel}
        </div>
        <CardInput labelledBy={labelId} disabled={busy} onChange={setComplete} />
      </CardProviderBoundary>
    </Modal>
  );
}
