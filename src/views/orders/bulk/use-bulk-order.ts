import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ManifestPayer, UploadReadiness } from '../../../model/orders/manifest-upload';
import { bulkUploadMachine } from '../../../machines/orders/bulk-upload.machine';
import { selectBulkUpload, selectUploadButton } from '../../../machines/orders/bulk-upload.selectors';
import { manifestCheckMachine } from '../../../machines/orders/manifest-check.machine';
import { selectManifestCheck } from '../../../machines/orders/manifest-check.selectors';
import { useWorkflow } from '../../use-workflow';

/**
 * The page's two workflows: the check of the chosen file and its upload. The chosen File stays here (it is
 * not serialisable, so neither machine keeps it); each upload says where the file and the payment stand.
 */
export function useBulkOrder({ unitType, payer }: { unitType: number; payer: ManifestPayer }) {
  const checkActor = useWorkflow(manifestCheckMachine);
  const uploadActor = useWorkflow(bulkUploadMachine);
  const [file, setFile] = useState<File | null>(null);
  const check = useSelector(checkActor, selectManifestCheck, shallowEqual);
  const upload = useSelector(uploadActor, selectBulkUpload, shallowEqual);
  const readiness: UploadReadiness = { manifest: check.manifest, payer };
  const button = useSelector(uploadActor, (snapshot) => selectUploadButton(snapshot, file, readiness), shallowEqual);
  return {
    check,
    upload,
    button,
    choose: (chosen: File) => {
      setFile(chosen);
      uploadActor.send({ type: 'bulk.fileChanged' });
      checkActor.send({ type: 'manifest.choose', file: chosen, unitType });
    },
    send: () => {
      if (file) uploadActor.send({ type: 'bulk.upload', file, readiness });
    },
    downloadErrors: () => {
      checkActor.send({ type: 'manifest.downloadErrors' });
    },
    downloadRefusedRows: () => {
      uploadActor.send({ type: 'bulk.downloadErrors' });
    },
  };
}
