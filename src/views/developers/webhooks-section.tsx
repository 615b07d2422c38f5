import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button, Empty, Flex, Tag, Typography } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { webhookFormMachine } from '../../machines/developers/webhook-form.machine';
import { selectCanDeleteWebhook, selectCanEditWebhook, selectWebhookForm } from '../../machines/developers/webhook-form.selectors';
import { idKey } from '../../model/id';
import type { Webhook, WebhookEvent } from '../../model/developers/webhook';
import { eventTitle, eventTitles } from '../../model/developers/webhook-rules';
import { DeveloperSettingsText, WebhookFormText as T } from '../../model/developers/webhook-texts';
import { webhookEventsQuery, webhooksQuery } from '../../services/developers/queries';
import { DataTable } from '../parts/data-table';
import { useWorkflow } from '../use-workflow';
import { QueryState } from './query-state';
import { WebhookConsole } from './webhook-console';
import { Section } from './section';
import { lazyNamed } from '../lazy';
import './developers.css';

const NO_EVENTS: readonly WebhookEvent[] = [];

// The form, with antd's form engine (about 25 KB), loads when someone is about to open it, not with the page.
const loadWebhookForm = () => import('./webhook-form');
const WebhookForm = lazyNamed(loadWebhookForm, 'WebhookForm');
const prefetchForm = () => void loadWebhookForm();
// The question loads with its first use: antd's Modal is not part of the page otherwise.
const DeleteWebhookDialog = lazyNamed(() => import('./delete-webhook-dialog'), 'DeleteWebhookDialog');

/**
 * Kits §2 "Webhook Endpoints": "New Webhook" opens the form with every event selected; the list's Edit opens the
 * form in that webhook's place (one at a time); Delete asks "Are you sure you want to delete this webhook?" first,
 * as the webhook form machine's deletion region does.
 */
export function WebhooksSection() {
  const actor = useWorkflow(webhookFormMachine);
  const form = useSelector(actor, selectWebhookForm, shallowEqual);
  const events = useQuery(webhookEventsQuery());
  const webhooks = useQuery(webhooksQuery());
  const offered = events.data ?? NO_EVENTS;
  const list = webhooks.data ?? [];
  const canEdit = useSelector(actor, (snapshot) => list.map((webhook) => selectCanEditWebhook(snapshot, webhook)), shallowEqual);
  const canDelete = useSelector(actor, (snapshot) => list.map((webhook) => selectCanDeleteWebhook(snapshot, webhook.uid)), shallowEqual);

  return (
    <Section title={T.section}>
      <div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          // The form offers the events as checkboxes: without them there is nothing to subscribe to.
          disabled={!form.canCreate || !events.data}
          onPointerEnter={prefetchForm}
          onFocus={prefetchForm}
          onClick={() => actor.send({ type: 'webhook.create', events: offered.map((event) => event.name) })}
        >
          {T.newWebhook}
        </Button>
      </div>
      {form.mode === 'create' ? (
        <Suspense fallback={null}>
          <WebhookForm view={form} actor={actor} events={offered} />
        </Suspense>
      ) : null}
      <QueryState query={webhooks} loadingLabel={DeveloperSettingsText.loadingWebhooks}>
        {(data) =>
          data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <ul aria-label={T.list} className="webhook-list">
              {data.map((webhook, index) => (
                <WebhookRow key={webhook.uid} webhook={webhook} events={offered}>
                  {form.editingUid === webhook.uid ? (
                    <Suspense fallback={null}>
                      <WebhookForm view={form} actor={actor} events={offered} />
                    </Suspense>
                  ) : (
                    <Flex gap={8}>
                      <Button
                        icon={<EditOutlined aria-hidden />}
                        aria-label={`${T.edit} ${webhook.endpoint}`}
                        disabled={!canEdit[index]}
                        onPointerEnter={prefetchForm}
                        onFocus={prefetchForm}
                        onClick={() => actor.send({ type: 'webhook.edit', webhook })}
                      >
                        {T.edit}
                      </Button>
                      <Button
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`${T.delete} ${webhook.endpoint}`}
                        loading={form.deleting && form.deletingUid === webhook.uid}
                        disabled={!canDelete[index] && form.deletingUid !== webhook.uid}
                        onClick={() => actor.send({ type: 'webhook.delete', uid: webhook.uid })}
                      >
                        {T.delete}
                      </Button>
                    </Flex>
                  )}
                  <WebhookConsole uid={webhook.uid} endpoint={webhook.endpoint} />
                </WebhookRow>
              ))}
            </ul>
          )
        }
      </QueryState>
      {form.confirmingDelete ? (
        <Suspense fallback={null}>
          <DeleteWebhookDialog
            endpoint={list.find((webhook) => webhook.uid === form.deletingUid)?.endpoint ?? ''}
            busy={form.deleting}
            actor={actor}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}

/** One webhook: its endpoint and the events it listens to, then its actions or, in edit mode, the form. */
function WebhookRow({ webhook, events, children }: { webhook: Webhook; events: readonly WebhookEvent[]; children: ReactNode }) {
  return (
    <li className="webhook-row">
      <Typography.Text strong className="webhook-endpoint">
        {webhook.endpoint}
      </Typography.Text>
      <Flex gap={4} wrap>
        {eventTitles(
          webhook.events.map((event) => event.name),
          events,
        ).map((title) => (
          <Tag key={title}>{title}</Tag>
        ))}
      </Flex>
      {children}
    </li>
  );
}

/** Kits §2: the events a webhook may listen to, by full name, with their descriptions. */
export function WebhookEventsSection() {
  const events = useQuery(webhookEventsQuery());
  return (
    <Section title={DeveloperSettingsText.events}>
      <QueryState query={events} loadingLabel={DeveloperSettingsText.loadingEvents}>
        {(data) => (
          <DataTable<WebhookEvent>
            label={DeveloperSettingsText.events}
            columns={[
              { key: 'fullName', title: T.eventFullName, render: (event) => eventTitle(event) },
              { key: 'description', title: T.eventDescription, render: (event) => event.description ?? '' },
            ]}
            rows={data}
            rowKey={(event) => idKey(event.id)}
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          />
        )}
      </QueryState>
    </Section>
  );
}
