import { Button, Flex, Typography } from 'antd';
import { memo, useId } from 'react';
import type { Kit } from '../../../model/kits/kit';
import { trackerSummary, type KitTracker } from '../../../model/patient-portal/patient-tracker';
import { ErrorBadge, StatusBadge } from './badges';
import '../patient-portal.css';

/**
 * Kits §2, one card of the several-kit grid: the barcode, the product's name when the answer gives it, the status
 * badge, the "Error" badge of a failure that still counts, "Step x of n", "Done" or the ETA words ("ETA {x}",
 * "Delayed — …", see kit-story.ts), and "View Results" (ready) or "View Details", which opens the side panel.
 */
export const KitCard = memo(function KitCard({
  kit,
  tracker,
  onOpen,
}: {
  kit: Kit;
  tracker: KitTracker;
  /** Opens the panel on this kit; the same function for every card, so that opening the panel renders no card again. */
  onOpen: (barcode: string) => void;
}) {
  const summary = trackerSummary(tracker);
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="patient-portal-kit-card">
      <Typography.Title level={3} id={titleId} className="patient-portal-kit-card-title">
        {kit.barcode}
      </Typography.Title>
      {tracker.product ? <Typography.Text>{tracker.product}</Typography.Text> : null}
      <Flex wrap gap={8}>
        <StatusBadge code={kit.status?.status} />
        {tracker.failed ? <ErrorBadge /> : null}
      </Flex>
      <Flex vertical gap={2} className="patient-portal-grow">
        <Typography.Text>{summary.step}</Typography.Text>
        {summary.progress ? <Typography.Text>{summary.progress}</Typography.Text> : null}
      </Flex>
      <div>
        {/* Named by its words; the card's barcode describes it, so a list of "View Details" can be told apart. */}
        <Button
          type={tracker.ready ? 'primary' : 'default'}
          aria-haspopup="dialog"
          aria-describedby={titleId}
          onClick={() => onOpen(kit.barcode)}
        >
          {summary.action}
        </Button>
      </div>
    </article>
  );
});
