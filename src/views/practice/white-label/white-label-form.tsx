import { CheckCircleOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { shallowEqual, useSelector } from '@xstate/react';
import { Alert, Button, Card, Flex, Switch, Typography, Upload } from 'antd';
import { useState } from 'react';
import { whiteLabelMachine } from '../../../machines/practice/white-label.machine';
import { selectWhiteLabel } from '../../../machines/practice/white-label.selectors';
import { LOGO_ACCEPT } from '../../../model/practice/white-label';
import { WhiteLabelText } from '../../../model/practice/white-label-texts';
import { useWorkflow } from '../../use-workflow';
import { ChosenLogoPreview, CurrentLogo } from './logo-preview';
import { LoadingSpin } from '../../parts/loading-spin';
import '../practice.css';

const TOGGLE_ID = 'white-label-toggle';

/**
 * The toggle, the uploader with its preview and messages, and Save Changes. The chosen File stays
 * here (machine context stays serialisable); the machine says whether it is still the chosen one.
 */
export function WhiteLabelForm({ logoUrl }: { logoUrl: string | null }) {
  const actor = useWorkflow(whiteLabelMachine, { input: { hasLogo: logoUrl !== null } });
  const view = useSelector(actor, selectWhiteLabel, shallowEqual);
  const [file, setFile] = useState<File | null>(null);
  const chosen = view.fileName === null ? null : file;

  return (
    <Card
      title={
        <Typography.Title level={4} className="practice-flush">
          {WhiteLabelText.title}
        </Typography.Title>
      }
    >
      <Flex vertical gap={16} align="flex-start">
        <Typography.Paragraph type="secondary" className="practice-flush">
          {WhiteLabelText.futureReportsNote}
        </Typography.Paragraph>
        <Flex gap={8} align="center">
          <Switch
            id={TOGGLE_ID}
            checked={view.enabled}
            disabled={view.saving}
            onChange={(enabled) => actor.send({ type: 'whiteLabel.toggle', enabled })}
          />
          <label htmlFor={TOGGLE_ID}>{WhiteLabelText.toggle}</label>
        </Flex>
        {view.enabled ? (
          <Flex vertical gap={12} align="flex-start">
            {logoUrl && !view.fileName ? <CurrentLogo url={logoUrl} /> : null}
            <Upload
              accept={LOGO_ACCEPT}
              showUploadList={false}
              disabled={view.saving}
              aria-label={WhiteLabelText.fileInput}
              beforeUpload={(picked) => {
                setFile(picked);
                actor.send({ type: 'logo.choose', file: picked });
                // Nothing uploads on choosing: Save Changes sends the file.
                return false;
              }}
            >
              <Button icon={<UploadOutlined aria-hidden />} disabled={view.saving}>
                {view.fileName ? WhiteLabelText.replaceFile : WhiteLabelText.chooseFile}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{WhiteLabelText.requirements}</Typography.Text>
            {view.fileName ? (
              <Flex gap={8} align="flex-end">
                <ChosenLogoPreview file={view.fileReady ? chosen : null} fileName={view.fileName} />
                <Button
                  aria-label={WhiteLabelText.removeFile}
                  icon={<DeleteOutlined aria-hidden />}
                  disabled={view.saving}
                  onClick={() => actor.send({ type: 'logo.remove' })}
                />
              </Flex>
            ) : null}
            {view.checking ? <LoadingSpin size="small" label={WhiteLabelText.checking} /> : null}
            {view.error ? <Alert type="error" showIcon role="alert" title={view.error} /> : null}
            {view.warning ? <Alert type="warning" showIcon role="status" title={view.warning} /> : null}
          </Flex>
        ) : null}
        <Flex gap={12} align="center">
          <Button
            type="primary"
            disabled={!view.canSave}
            loading={view.saving}
            onClick={() => actor.send({ type: 'whiteLabel.save', logo: chosen })}
          >
            {WhiteLabelText.save}
          </Button>
          {view.saved ? (
            <Typography.Text type="success" role="status">
              <CheckCircleOutlined aria-hidden /> {WhiteLabelText.saved}
            </Typography.Text>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
