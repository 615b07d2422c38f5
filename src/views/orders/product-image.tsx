import { ExperimentOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useState } from 'react';
import './orders.css';

/**
 * A product's picture, or a neutral placeholder when the product has none or it fails to load: never the
 * browser's broken-image icon. Both are 160 px high (orders.css).
 */
export function ProductImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src === null || failed === src) {
    return (
      <Flex role="img" aria-label={alt} align="center" justify="center" className="orders-image-placeholder">
        <ExperimentOutlined aria-hidden />
      </Flex>
    );
  }
  return <img src={src} alt={alt} onError={() => setFailed(src)} className="orders-image" />;
}
