import { Drawer, Flex, Tag, Typography, theme } from 'antd';
import { memo, useState } from 'react';
import type { OrderingExperience } from '../../../model/enums';
import type { Kit } from '../../../model/kits/kit';
import { kitHistoryEntries, kitIdText, kitStatusColor } from '../../../model/kits/kit-list-rules';
import { KitStatusHistoryText, ProductPanelText } from '../../../model/kits/kit-list-texts';
import { etaText, kitEta, rerunNote } from '../../../model/kits/kit-story';
import { clock } from '../../../services/platform/clock';
import './kit-list.css';

interface PanelProps {
  kit: Kit | null;
  onClose: () => void;
}

const PANEL_WIDTH = 420;

/**
 * Kits §2 "status (opens a side panel Kit Status History)": fixed at the right, the kit and each status-history
 * entry with its display status and date (kits §9: MMM d, yyyy h:mm a), newest last, and the kit story's words as the
 * kit page and the patient say them: when the kit is expected (or that it is delayed) and a failure rerun since.
 * antd's Drawer closes on
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
  // Today when the panel first renders: its words do not change under the user's eyes.
  const [now] = useState(() => clock.now());
  const eta = kit ? kitEta(kit, now) : null;
  const rerun = kit ? rerunNote(kit) : null;
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
          <dl className="kit-facts">
            <dt>{KitStatusHistoryText.kitId}</dt>
            <dd className="kit-strong">{kitIdText(kit, workflow)}</dd>
            {kit.product?.name ? (
              <>
                <dt>{KitStatusHistoryText.product}</dt>
                <dd>{kit.product.name}</dd>
              </>
            ) : null}
          </dl>
          {eta ? <Typography.Text>{etaText(eta)}</Typography.Text> : null}
          {rerun ? <Typography.Text>{rerun}</Typography.Text> : null}
          <section aria-label={KitStatusHistoryText.history}>
            {entries.length === 0 ? (
              <Typography.Text type="secondary">{KitStatusHistoryText.empty}</Typography.Text>
            ) : (
              <Flex component="ol" vertical gap={16} className="kit-history">
                {entries.map((entry, index) => (
                  <li key={`${index} ${entry.status}`}>
                    <Flex vertical gap={2}>
                      <span>
                        {/* Inline, to outrank antd's preset colour rules: their tinted text misses 4.5:1. */}
                        <Tag color={kitStatusColor(entry.code)} style={{ color: token.colorText }}>
                          {entry.status}
                        </Tag>
                      </span>
                      <Typography.Text type="secondary">{entry.date}</Typography.Text>
                    </Flex>
                  </li>
                ))}
              </Flex>
            )}
          </section>
        </Flex>
      ) : null}
    </Drawer>
  );
});

/** Kits §2 "product (opens a product information panel)": the product's name and description. */
export const ProductPanel = memo(function ProductPanel({ kit, onClose }: PanelProps) {
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
        <Flex component="dl" vertical gap={4} className="kit-product">
          <dt>{ProductPanelText.name}</dt>
          <dd className="kit-product-name kit-strong">{product.name}</dd>
          {product.description ? (
            <>
              <dt>{ProductPanelText.description}</dt>
              <dd className="kit-description">{product.description}</dd>
            </>
          ) : null}
        </Flex>
      ) : null}
    </Drawer>
  );
});
