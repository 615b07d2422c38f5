import { Drawer, Flex, Tag, Typography, theme } from 'antd';
import { memo } from 'react';
import type { OrderingExperience } from '../../../model/enums';
import type { Kit } from '../../../model/kits/kit';
import { kitHistoryEntries, kitIdText, kitStatusColor } from '../../../model/kits/kit-list-rules';
import { KitStatusHistoryText, ProductPanelText } from '../../../model/kits/kit-list-texts';

interface PanelProps {
  kit: Kit | null;
  onClose: () => void;
}

const PANEL_WIDTH = 420;

/**
 * Kits §2 "status (opens a side panel Kit Status History)": fixed at the right, the kit and each status-history
 * entry with its display status and date (kits §9: MMM d, yyyy h:mm a), newest last. antd's Drawer closes on
 * Escape and on its close button and gives focus back to the element that opened it. Rendered again only when
 * it opens or closes, not when the list loads a page.
 */
export const KitStatusHistoryPanel = memo(function KitStatusHistoryPanel({
  kit,
  onClose,
  workflow,
}: PanelProps & { workflow: OrderingExperience }) {
  const { token } = theme.useToken();
  const entries = kit ? kitHistoryEntries(kit) : [];
  return (
    <Drawer
      placement="right"
      open={kit !== null}
      onClose={onClose}
      title={KitStatusHistoryText.title}
      closable={{ 'aria-label': KitStatusHistoryText.close }}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      size={PANEL_WIDTH}
    >
      {kit ? (
        <Flex vertical gap={20}>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
            <dt style={{ color: token.colorTextSecondary }}>{KitStatusHistoryText.kitId}</dt>
            <dd style={{ margin: 0, fontWeight: token.fontWeightStrong }}>{kitIdText(kit, workflow)}</dd>
            {kit.product?.name ? (
              <>
                <dt style={{ color: token.colorTextSecondary }}>{KitStatusHistoryText.product}</dt>
                <dd style={{ margin: 0 }}>{kit.product.name}</dd>
              </>
            ) : null}
          </dl>
          <section aria-label={KitStatusHistoryText.history}>
            {entries.length === 0 ? (
              <Typography.Text type="secondary">{KitStatusHistoryText.empty}</Typography.Text>
            ) : (
              <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
                {entries.map((entry, index) => (
                  <li key={`${index} ${entry.status}`} style={{ borderLeft: `2px solid ${token.colorBorder}`, paddingLeft: 12 }}>
                    <Flex vertical gap={2}>
                      <span>
                        <Tag color={kitStatusColor(entry.code)} style={{ color: token.colorText }}>
                          {entry.status}
                        </Tag>
                      </span>
                      <Typography.Text type="secondary">{entry.date}</Typography.Text>
                    </Flex>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </Flex>
      ) : null}
    </Drawer>
  );
});

/** Kits §2 "product (opens a product information panel)": the product's name and description. */
export const ProductPanel = memo(function ProductPanel({ kit, onClose }: PanelProps) {
  const { token } = theme.useToken();
  const product = kit?.product ?? null;
  return (
    <Drawer
      placement="right"
      open={kit !== null && product !== null}
      onClose={onClose}
      title={ProductPanelText.title}
      closable={{ 'aria-label': ProductPanelText.close }}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      size={PANEL_WIDTH}
    >
      {product ? (
        <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
          <dt style={{ color: token.colorTextSecondary }}>{ProductPanelText.name}</dt>
          <dd style={{ margin: '0 0 12px', fontWeight: token.fontWeightStrong }}>{product.name}</dd>
          {product.description ? (
            <>
              <dt style={{ color: token.colorTextSecondary }}>{ProductPanelText.description}</dt>
              <dd style={{ margin: 0, whiteSpace: 'pre-line' }}>{product.description}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </Drawer>
  );
});
