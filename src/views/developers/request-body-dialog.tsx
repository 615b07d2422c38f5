import { Modal, Typography } from 'antd';
import { readableBody } from '../../model/developers/webhook-console-rules';
import { WebhookConsoleText as T } from '../../model/developers/webhook-console-texts';
import './developers.css';

/** The exact body a delivery attempt sent (or will send), laid out as JSON; nothing to show when no request went out. */
export function RequestBodyDialog({ body, onClose }: { body: string | null; onClose: () => void }) {
  return (
    <Modal open title={T.requestBody} onCancel={onClose} footer={null} width={720}>
      {body ? (
        <pre className="delivery-body" tabIndex={0} aria-label={T.requestBody}>
          {readableBody(body)}
        </pre>
      ) : (
        <Typography.Paragraph>{T.noBody}</Typography.Paragraph>
      )}
    </Modal>
  );
}
