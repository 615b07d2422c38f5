import { Link } from 'wouter';
import type { OrderingExperience } from '../../../model/enums';
import type { Kit } from '../../../model/kits/kit';
import { kitDetailPath } from '../../../model/shell/navigation';
import {
  formatKitDate,
  kitIdText,
  kitStatusColor,
  registrantName,
  showsResults,
  type KitListColumn,
} from '../../../model/kits/kit-list-rules';
import { KitListText } from '../../../model/kits/kit-list-texts';
import { kitDisplayStatus } from '../../../model/kits/kit-status';
import { etaText, kitEta } from '../../../model/kits/kit-story';
import { KitAttention, kitAttention } from '../../../model/kits/kit-attention';
import { Badge, TableClass } from '../../parts/table-styles';

export interface KitCellActions {
  workflow: OrderingExperience;
  /** Today, from the clock, for the delay badge. */
  now: Date;
  onProduct: (kit: Kit) => void;
  onHistory: (kit: Kit) => void;
}

/** One cell of a kit row, by column (kits §2). */
export function KitCell({ column, kit, actions }: { column: KitListColumn; kit: Kit; actions: KitCellActions }) {
  switch (column) {
    case 'barcode':
      return <Link href={kitDetailPath(kit.barcode)}>{kitIdText(kit, actions.workflow)}</Link>;
    case 'orderNumber':
      return <>{kit.order?.orderNumber ?? ''}</>;
    case 'registeredAt':
      return <>{formatKitDate(kit.registeredAt)}</>;
    case 'createdAt':
      return <>{formatKitDate(kit.createdAt)}</>;
    case 'patient':
      return <>{registrantName(kit)}</>;
    case 'product':
      return <ProductButton kit={kit} actions={actions} />;
    case 'status':
      return <StatusCell kit={kit} actions={actions} />;
    case 'results':
      return showsResults(kit) ? <Link href={kitDetailPath(kit.barcode)}>{KitListText.viewResults}</Link> : <>{KitListText.comingSoon}</>;
  }
}

function ProductButton({ kit, actions }: { kit: Kit; actions: KitCellActions }) {
  const name = kit.product?.name;
  if (!name) return null;
  return (
    <button
      type="button"
      title={name}
      aria-label={KitListText.productButton(name, kitIdText(kit, actions.workflow))}
      aria-haspopup="dialog"
      className={TableClass.linkButton}
      onClick={() => actions.onProduct(kit)}
    >
      {name}
    </button>
  );
}

function StatusCell({ kit, actions }: { kit: Kit; actions: KitCellActions }) {
  const code = kit.status?.status;
  const status = kitDisplayStatus(code);
  return (
    <div className={TableClass.stack}>
      <button
        type="button"
        className={TableClass.button}
        aria-label={KitListText.statusButton(status, kitIdText(kit, actions.workflow))}
        aria-haspopup="dialog"
        onClick={() => actions.onHistory(kit)}
      >
        <Badge color={kitStatusColor(code)}>{status}</Badge>
      </button>
      <KitStatusMarks kit={kit} now={actions.now} />
    </div>
  );
}

/**
 * The words beside a kit's status that say it needs someone (issue 40 §8: "Sample Failed", "Action Needed") or is
 * late ("Delayed — …", the kit story's words): the kit list and a patient's kits show them alike.
 */
export function KitStatusMarks({ kit, now }: { kit: Kit; now: Date }) {
  const eta = kitEta(kit, now);
  const late = eta?.delayed ? eta : null;
  const attention = kitAttention(kit);
  if (!attention && !late) return null;
  return (
    <div className={TableClass.marks}>
      {attention ? (
        <Badge color={attention === KitAttention.SampleFailed ? 'error' : 'warning'}>{KitListText.attention[attention]}</Badge>
      ) : null}
      {late ? <Badge color="error">{etaText(late)}</Badge> : null}
    </div>
  );
}
