import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { DeveloperSettingsText } from '../../model/developers/webhook-texts';
import { tokenSchemaQuery, webhookEventsQuery, webhookSecretQuery, webhooksQuery } from '../../services/developers/queries';
import { LoadingSpin } from '../parts/loading-spin';
import { PageTitle } from '../shell/page';
import { ApiAccessSection, WebhookSecretSection } from './api-access-section';
import { WebhookEventsSection, WebhooksSection } from './webhooks-section';
import './developers.css';

/**
 * Kits §2 "Developer settings" (/integrations): the API key and schema name with the API documentation, the
 * webhooks secret, the webhook endpoints and the events they may listen to. Each part shows its own answer, so one
 * failing call leaves the others usable.
 */
export function IntegrationsPage() {
  // The parts appear together once every call has answered or failed. Drawn one by one as they arrived, each pushed
  // the parts below it down: on a phone a layout shift of 0.11 to 0.17, where 0.1 is the limit of "good". They are
  // mounted from the start, only hidden, so that this page and each part ask for the same answer once. One useQuery
  // each rather than useQueries, whose observer would add a kilobyte to every signed-in page's shared query chunk;
  // each reads only isPending, so only its change draws the page again.
  const answered = [
    useQuery(tokenSchemaQuery()).isPending,
    useQuery(webhookSecretQuery()).isPending,
    useQuery(webhooksQuery()).isPending,
    useQuery(webhookEventsQuery()).isPending,
  ].every((pending) => !pending);
  return (
    <>
      <PageTitle title={DeveloperSettingsText.title} />
      {answered ? null : (
        <Flex justify="center" className="developers-loading">
          <LoadingSpin size="large" label={DeveloperSettingsText.loading} />
        </Flex>
      )}
      <div hidden={!answered}>
        <Flex vertical gap={24} className="developers-sections">
          <ApiAccessSection />
          <WebhookSecretSection />
          <WebhooksSection />
          <WebhookEventsSection />
        </Flex>
      </div>
    </>
  );
}
