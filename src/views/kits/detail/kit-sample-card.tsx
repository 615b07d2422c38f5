import { Card } from 'antd';
import type { Kit } from '../../../model/kits/kit';
import { KitSampleText } from '../../../model/kits/kit-detail-texts';
import { formatKitDate } from '../../../model/kits/kit-list-rules';
import { ManifestColumn } from '../../../model/orders/manifest';
import './kit-detail.css';

type ManifestSample = NonNullable<Kit['manifestSample']>;

/**
 * Issue 40 point 2: a sample registered by a manifest shows what its row said (collection date, DOB, sex, clinic id
 * and the research columns), under the template's own column names; a column the row left empty is left out.
 */
export function KitSampleCard({ sample }: { sample: ManifestSample }) {
  const rows: [string, string | null][] = [
    [ManifestColumn.collectionDate, sample.collectionDate ? formatKitDate(sample.collectionDate) : null],
    [ManifestColumn.dob, sample.dateOfBirth ? formatKitDate(sample.dateOfBirth) : null],
    [ManifestColumn.sex, sample.sex ? (KitSampleText.sex[sample.sex] ?? sample.sex) : null],
    [ManifestColumn.clinicId, sample.clinicId],
    [ManifestColumn.type, sample.type],
    [ManifestColumn.concentration, sample.concentration === null ? null : String(sample.concentration)],
    [ManifestColumn.volume, sample.volume === null ? null : String(sample.volume)],
    [ManifestColumn.patientExternalId, sample.patientExternalId],
  ];
  return (
    <Card title={<h3 className="kit-detail-card-title">{KitSampleText.title}</h3>}>
      <dl className="kit-detail-info">
        {rows.flatMap(([label, value]) =>
          value ? (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : (
            []
          ),
        )}
      </dl>
    </Card>
  );
}
