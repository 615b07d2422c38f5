import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectUser } from '../../../machines/auth/session.selectors';
import { analysisUploadMachine } from '../../../machines/orders/analysis-upload.machine';
import { selectAnalysisUpload } from '../../../machines/orders/analysis-upload.selectors';
import { useSession } from '../../auth/session';
import { useWorkflow } from '../../use-workflow';

const selectAccount = (snapshot: Parameters<typeof selectUser>[0]) => selectUser(snapshot)?.practice ?? null;

/**
 * The page's workflow, started for the signed-in practice account (its uploads are its own). The chosen File stays
 * here too, for Try Again: it cannot be serialised, so the machine keeps only its name and size.
 */
export function useAnalysisUpload(logic: typeof analysisUploadMachine = analysisUploadMachine) {
  const account = useSession(selectAccount);
  const actor = useWorkflow(logic, { input: { practiceId: account?.practiceId ?? null, userId: account?.userId ?? null } });
  const [file, setFile] = useState<File | null>(null);
  const view = useSelector(actor, selectAnalysisUpload, shallowEqual);
  return {
    view,
    choose: (chosen: File) => {
      setFile(chosen);
      actor.send({ type: 'analysis.choose', file: chosen });
    },
    pause: () => actor.send({ type: 'analysis.pause' }),
    resume: () => actor.send({ type: 'analysis.resume' }),
    cancel: () => actor.send({ type: 'analysis.cancel' }),
    retry: () => {
      if (file) actor.send({ type: 'analysis.retry', file });
    },
    reset: () => actor.send({ type: 'analysis.reset' }),
  };
}
