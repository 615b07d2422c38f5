import { KeyOutlined, SyncOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Button } from 'antd';
import { Suspense } from 'react';
import { keyRotationMachine } from '../../machines/developers/key-rotation.machine';
import { selectKeyRotation } from '../../machines/developers/key-rotation.selectors';
import { KeyRotationText as T } from '../../model/developers/webhook-console-texts';
import { lazyNamed } from '../lazy';
import { useWorkflow } from '../use-workflow';
import './developers.css';

// The confirmation, with antd's Modal and form engine, loads with its first use.
const KeyRotationDialog = lazyNamed(() => import('./key-rotation-dialog'), 'KeyRotationDialog');

/** "Rotate secret" or "Regenerate API key" (issue 44): a button that opens its confirmation. */
export function KeyRotation({ kind }: { kind: 'secret' | 'apiKey' }) {
  const actor = useWorkflow(keyRotationMachine);
  const view = useSelector(actor, selectKeyRotation, shallowEqual);
  const secret = kind === 'secret';
  return (
    <div className="developers-rotation">
      <Button
        icon={secret ? <SyncOutlined aria-hidden /> : <KeyOutlined aria-hidden />}
        onClick={() => actor.send({ type: secret ? 'rotation.rotateSecret' : 'rotation.regenerateKey' })}
      >
        {secret ? T.rotateSecret : T.regenerateKey}
      </Button>
      {view.dialog ? (
        <Suspense fallback={null}>
          <KeyRotationDialog view={view} actor={actor} />
        </Suspense>
      ) : null}
    </div>
  );
}
