import { ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { logTime } from '../../model/developers/webhook-console-rules';
import { KeyRotationText } from '../../model/developers/webhook-console-texts';
import { maskedWebhookSecret, maskSecret } from '../../model/developers/webhook-rules';
import { DeveloperSettingsText as T } from '../../model/developers/webhook-texts';
import { tokenSchemaQuery, webhookSecretQuery } from '../../services/developers/queries';
import { apiReferenceUrl } from '../../services/developers/api-reference';
import { VisuallyHidden } from '../parts/visually-hidden';
import { KeyRotation } from './key-rotation';
import { QueryState } from './query-state';
import { Section } from './section';
import { SecretField } from './secret-field';

/** Kits §2: the API key and the schema name, each masked but for its last 4 characters, and the API documentation. */
export function ApiAccessSection() {
  const tokenSchema = useQuery(tokenSchemaQuery());
  return (
    <Section title={T.apiAccess}>
      <QueryState query={tokenSchema} loadingLabel={T.loadingApiAccess}>
        {(data) => (
          <Flex vertical gap={16}>
            <SecretField id="api-key" label={T.apiKey} value={data.apiKey} masked={maskSecret(data.apiKey)} />
            <SecretField id="schema-name" label={T.schemaName} value={data.name} masked={maskSecret(data.name)} />
            <KeyRotation kind="apiKey" />
          </Flex>
        )}
      </QueryState>
      {/* A new tab: the reference is a page of the server, not of the app, and the settings stay open beside it. */}
      <Typography.Link href={apiReferenceUrl} target="_blank" rel="noopener noreferrer">
        {T.apiDocumentation} <ExportOutlined aria-hidden />
        <VisuallyHidden> {T.opensNewTab}</VisuallyHidden>
      </Typography.Link>
    </Section>
  );
}

/**
 * Kits §2: the webhooks secret, masked as the service masks it, or in full; "Rotate secret" (issue 44), and while a
 * rotated secret still signs, until when.
 */
export function WebhookSecretSection() {
  const secret = useQuery(webhookSecretQuery());
  return (
    <Section title={T.webhooksSecret}>
      <QueryState query={secret} loadingLabel={T.loadingSecret}>
        {(data) => (
          <>
            <SecretField id="webhooks-secret" label={T.webhooksSecret} value={data.secret} masked={maskedWebhookSecret(data)} />
            {data.previousSecretExpiresAt ? (
              <Typography.Paragraph type="secondary" className="developers-rotation">
                {KeyRotationText.previousUntil(logTime(data.previousSecretExpiresAt))}
              </Typography.Paragraph>
            ) : null}
            <KeyRotation kind="secret" />
          </>
        )}
      </QueryState>
    </Section>
  );
}
