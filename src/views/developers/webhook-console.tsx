import { HistoryOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { Suspense, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { consoleFailureText, webhookConsoleMachine } from '../../machines/developers/webhook-console.machine';
import { selectWebhookConsole, type WebhookConsoleView } from '../../machines/developers/webhook-console.selectors';
import type { DeliveryLogEntry } from '../../model/developers/webhook-console';
import { logDuration, logEntryKey, logStatus, logTime, logTone } from '../../model/developers/webhook-console-rules';
import { WebhookConsoleFailureText, WebhookConsoleText as T } from '../../model/developers/webhook-console-texts';
import { deliveryLogQuery } from '../../services/developers/queries';
import { lazyNamed } from '../lazy';
import { DataTable } from '../parts/data-table';
import { LoadingSpin } from '../parts/loading-spin';
import { useWorkflow } from '../use-workflow';
import './developers.css';

type ConsoleActor = ActorRefFrom<typeof webhookConsoleMachine>;

// The body's dialog loads with its first use: antd's Modal is not part of the page otherwise.
const RequestBodyDialog = lazyNamed(() => import('./request-body-dialog'), 'RequestBodyDialog');

/**
 * One webhook's console (issue 44 item 3): "Send test event" and the delivery log, shown on demand so that the page
 * asks a service nothing it may not have until someone uses the console. Each entry shows its time, event, status or
 * error and duration, opens the body it sent, and can be resent.
 */
export function WebhookConsole({ uid, endpoint }: { uid: string; endpoint: string }) {
  const actor = useWorkflow(webhookConsoleMachine, { input: { uid } });
  const view = useSelector(actor, selectWebhookConsole, shallowEqual);
  const logId = useId();
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Button
          icon={<SendOutlined aria-hidden />}
          aria-label={`${T.sendTest} to ${endpoint}`}
          loading={view.sendingTest}
          onClick={() => actor.send({ type: 'console.sendTest' })}
        >
          {T.sendTest}
        </Button>
        <Button
          icon={<HistoryOutlined aria-hidden />}
          aria-expanded={view.logOpen}
          aria-controls={view.logOpen ? logId : undefined}
          aria-label={`${view.logOpen ? T.hideLog : T.showLog} of ${endpoint}`}
          onClick={() => actor.send({ type: view.logOpen ? 'console.closeLog' : 'console.openLog' })}
        >
          {view.logOpen ? T.hideLog : T.showLog}
        </Button>
      </Flex>
      {view.logOpen ? (
        <div id={logId}>
          <DeliveryLog uid={uid} endpoint={endpoint} view={view} actor={actor} />
        </div>
      ) : null}
    </Flex>
  );
}

function DeliveryLog({ uid, endpoint, view, actor }: { uid: string; endpoint: string; view: WebhookConsoleView; actor: ConsoleActor }) {
  const log = useQuery(deliveryLogQuery(uid, view.page));
  if (log.isError) {
    const text = consoleFailureText(log.error, WebhookConsoleFailureText.loadLog);
    return <Alert type={text === T.notAvailable ? 'info' : 'error'} showIcon title={text} />;
  }
  if (log.isPending) {
    return (
      <Flex justify="center" className="developers-section-loading">
        <LoadingSpin label={T.deliveryLog} />
      </Flex>
    );
  }
  const viewing = view.viewing;
  const opened = viewing ? log.data.items.find((entry) => logEntryKey(entry) === logEntryKey(viewing)) : undefined;
  return (
    <Flex vertical gap={8}>
      <DataTable<DeliveryLogEntry>
        label={T.logOf(endpoint)}
        dense
        cardsOnPhone
        columns={[
          { key: 'time', title: T.time, render: (entry) => logTime(entry.at) },
          { key: 'event', title: T.event, render: (entry) => entry.event },
          {
            key: 'status',
            title: T.status,
            render: (entry) => <Typography.Text type={logTone(entry)}>{logStatus(entry)}</Typography.Text>,
          },
          { key: 'duration', title: T.duration, render: (entry) => logDuration(entry) },
          {
            key: 'actions',
            title: T.actions,
            render: (entry) => (
              <Flex gap={4} wrap>
                <Button size="small" onClick={() => actor.send({ type: 'console.viewBody', entry })}>
                  {T.viewBody}
                </Button>
                <Button
                  size="small"
                  icon={<RedoOutlined aria-hidden />}
                  loading={view.resending === entry.deliveryId}
                  disabled={view.resending !== null && view.resending !== entry.deliveryId}
                  onClick={() => actor.send({ type: 'console.resend', deliveryId: entry.deliveryId })}
                >
                  {T.resend}
                </Button>
              </Flex>
            ),
          },
        ]}
        rows={log.data.items}
        rowKey={logEntryKey}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noDeliveries} />}
      />
      <Flex gap={8} wrap>
        {view.canGoNewer ? <Button onClick={() => actor.send({ type: 'console.newerPage' })}>{T.newer}</Button> : null}
        {log.data.hasMore ? <Button onClick={() => actor.send({ type: 'console.olderPage' })}>{T.older}</Button> : null}
      </Flex>
      {viewing ? (
        <Suspense fallback={null}>
          <RequestBodyDialog body={opened?.requestBody ?? null} onClose={() => actor.send({ type: 'console.closeBody' })} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
