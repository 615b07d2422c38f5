import { Flex } from 'antd';
import { DeveloperSettingsText } from '../../model/webhooks/webhook-texts';
import { PageTitle } from '../shell/page';
import { ApiAccessSection, WebhookSecretSection } from './api-access-section';
import { WebhookEventsSection, WebhooksSection } from './webhooks-section';

/**
 * Kits §2 "Developer settings" (/integrations): the API key and schema name with the API documentation, the
 * webhooks secret, the webhook endpoints and the events they may listen to. Each part loads on its own, so one
 * failing call leaves the others usable.
 */
export function IntegrationsPage() {
  return (
    <>
      <PageTitle title={DeveloperSettingsText.title} />
      <Flex vertical gap={24} style={{ maxWidth: 960 }}>
        <ApiAccessSection />
        <WebhookSecretSection />
        <WebhooksSection />
        <WebhookEventsSection />
      </Flex>
    </>
  );
}
