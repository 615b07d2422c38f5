import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Tag, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { kitStatusColor } from '../../../model/kits/kit-list-rules';
import { kitDisplayStatus } from '../../../model/kits/kit-status';
import { PatientTrackerText as T } from '../../../model/patient-portal/patient-tracker-texts';

type TagColor = 'default' | 'processing' | 'success' | 'warning' | 'error';

/** A badge's colour on its fill and border; its words in the text colour, since antd's tinted text misses 4.5:1. */
export function Badge({ color, icon, children }: { color: TagColor; icon?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const words: CSSProperties = { marginInlineEnd: 0, color: token.colorText };
  return (
    <Tag color={color} icon={icon} style={words}>
      {children}
    </Tag>
  );
}

/** Kits §2: the kit's display status (kits §4), coloured by its stage as in the provider's list. */
export function StatusBadge({ code }: { code: number | null | undefined }) {
  return <Badge color={kitStatusColor(code)}>{kitDisplayStatus(code)}</Badge>;
}

/** Kits §2 and §4: the "Error" badge of a kit whose sample failed. */
export function ErrorBadge() {
  return (
    <Badge color="error" icon={<ExclamationCircleOutlined aria-hidden />}>
      {T.error}
    </Badge>
  );
}
