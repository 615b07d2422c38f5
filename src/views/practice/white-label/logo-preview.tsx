import { Flex, Image, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { WhiteLabelText } from '../../../model/practice/white-label-texts';

const PREVIEW_STYLE = { maxWidth: 320, maxHeight: 200, objectFit: 'contain' } as const;

/** An object URL for the file while it is shown, revoked when the file changes or the preview goes. */
function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/** The chosen file, as the reports would show it. */
export function ChosenLogoPreview({ file, fileName }: { file: Blob | null; fileName: string }) {
  const url = useObjectUrl(file);
  return (
    <Flex vertical gap={4}>
      {url ? <Image src={url} alt={WhiteLabelText.preview} preview={false} style={PREVIEW_STYLE} /> : null}
      <Typography.Text>{fileName}</Typography.Text>
    </Flex>
  );
}

/** The logo the practice's reports carry now, from its public logoUrl. */
export function CurrentLogo({ url }: { url: string }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{WhiteLabelText.currentLogo}</Typography.Text>
      <Image src={url} alt={WhiteLabelText.currentLogo} preview={false} style={PREVIEW_STYLE} />
    </Flex>
  );
}
