import { CrownOutlined, StarOutlined, TrophyOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { formatMoney, isTierName, type TierName, type TierStanding } from '../../model/orders/pricing';
import { CartText } from '../../model/orders/texts';

/** Ordering §2: the tiers that have an icon; the message names the tier, so the icon is decoration. */
const TIER_ICONS: Record<TierName, ReactNode> = {
  Platinum: <CrownOutlined aria-hidden style={{ color: '#597ef7' }} />,
  Gold: <TrophyOutlined aria-hidden style={{ color: '#d48806' }} />,
  Silver: <StarOutlined aria-hidden style={{ color: '#8c8c8c' }} />,
};

/**
 * Ordering §2 "Order summary": a cart line's tier message, its tier's icon and the progress to the next
 * tier. The bar is a plain progressbar: antd's Progress would add its own weight to every cart.
 */
export function TierProgress({ standing }: { standing: TierStanding }) {
  const { token } = theme.useToken();
  if (standing.kind === 'none') return null;
  const message =
    standing.kind === 'next'
      ? CartText.nextTier(standing.missing, standing.tier, formatMoney(standing.perKit), formatMoney(standing.total))
      : CartText.topTier(standing.tier);
  const percent = Math.round(standing.progress * 100);
  return (
    <Flex vertical gap={4}>
      <Flex gap={6} align="baseline" style={{ fontSize: token.fontSizeSM }}>
        {isTierName(standing.tier) ? TIER_ICONS[standing.tier] : null}
        <span>{message}</span>
      </Flex>
      <div
        role="progressbar"
        aria-label={CartText.tierProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{ height: 6, borderRadius: 3, background: token.colorFillSecondary, overflow: 'hidden' }}
      >
        <div style={{ width: `${percent}%`, height: '100%', background: token.colorPrimary }} />
      </div>
    </Flex>
  );
}
