import { ExperimentOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { useState } from 'react';

const IMAGE_HEIGHT = 160;

/**
 * A product's picture, or a neutral placeholder when the product has none or it fails to load: never the
 * browser's broken-image icon.
 */
export function ProductImage({ src, alt }: { src: string | null; alt: string }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState<string | null>(null);
  if (src === null || failed === src) {
    return (
      <Flex
        role="img"
        aria-label={alt}
        align="center"
        justify="center"
        style={{ height: IMAGE_HEIGHT, background: token.colorFillTertiary, color: token.colorTextTertiary, fontSize: 40 }}
      >
        <ExperimentOutlined aria-hidden />
      </Flex>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      onError={() => setFailed(src)}
      style={{ display: 'block', width: '100%', height: IMAGE_HEIGHT, objectFit: 'contain', background: token.colorFillQuaternary }}
    />
  );
}
