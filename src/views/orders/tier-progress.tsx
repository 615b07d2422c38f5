import { CrownOutlined, StarOutlined, TrophyOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { formatMoney, isTierName, type TierName, type TierStanding } from '../../model/orders/pricing';
import { CartText } from '../../model/orders/texts';
import './orders.css';

/** Ordering §2: the tiers that have an icon; the message names the tier, so the icon is decoration. */
const TIER_ICONS: Record<TierName, ReactNode> = {
  Platinum: <CrownOutlined aria-hidden className="orders-tier-platinum" />,
  Gold: <TrophyOutlined aria-hidden className="orders-tier-gold" />,
  Silver: <StarOutlined aria-hidden className="orders-tier-silver" />,
};

/**
 * Ordering §2 "Order summary": a cart line's tier message, its tier's icon and the progress to the next
 * tier. The bar is a plain progressbar: antd's Progress would add its own weight to every cart.
 */
export function TierProgress({ standing }: { standing: TierStanding }) {
  if (standing.kind === 'none') return null;
  const message =
    standing.kind === 'next'
      ? CartText.nextTier(standing.missing, standing.tier, formatMoney(standing.perKit), formatMoney(standing.total))
      : CartText.topTier(standing.tier);
  const percent = Math.round(standing.progress * 100);
  return (
    <Flex vertical gap={4}>
      <Flex gap={6} align="baseline" className="orders-tier-message">
        {isTierName(standing.tier) ? TIER_ICONS[standing.tier] : null}
        <span>{message}</span>
      </Flex>
      <div
        role="progressbar"
        aria-label={CartText.tierProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="orders-tier-track"
      >
        {/* Inline: the bar's width is the line's progress. */}
        <div className="orders-tier-fill" style={{ width: `${percent}%` }} />
      </div>
    </Flex>
  );
}
