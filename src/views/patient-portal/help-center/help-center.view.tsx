import { ExportOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { HelpCenterText as T } from '../../../model/patient-portal/help-center';
import { config } from '../../../services/http/config';
import { PageTitle } from '../../shell/page';
import '../patient-portal.css';

/**
 * Kits §2 /help-center: the support site (a deployment setting, README) in a frame; by default the portal's own
 * help pages, which the reference server answers at /help/ on the portal's origin (issue 41 item 4). A site that refuses to be
 * framed shows the browser's own refusal, which the page cannot detect, so the link to open it in a new tab is
 * always there. The frame may run the site's scripts but never navigate the portal itself. Without an address
 * there is nothing to show but the title.
 */
export function HelpCenterPage() {
  const url = config.helpCenterUrl;
  return (
    <Flex vertical className="patient-portal-help-center">
      <PageTitle title={T.title}>
        {url ? (
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
            {T.openInNewTab} <ExportOutlined aria-hidden />
          </Typography.Link>
        ) : null}
      </PageTitle>
      {url ? (
        <iframe
          src={url}
          title={T.frame}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
          className="patient-portal-help-frame"
        />
      ) : null}
    </Flex>
  );
}
