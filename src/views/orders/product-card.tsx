import { Button, Flex, theme } from 'antd';
import { useState } from 'react';
import { dollars } from '../../model/orders/pricing';
import { productImage, productSubtitle, type Product } from '../../model/orders/product';
import { CartLabels, CatalogueText } from '../../model/orders/texts';
import { Panel } from '../parts/panel';
import { useCart } from './cart-provider';
import { ProductImage } from './product-image';
import { QuantityStepper } from './quantity-stepper';

/** Ordering §2: one product of the catalogue, with the quantity to add and Add to Cart. */
export function ProductCard({ product, showPricing }: { product: Product; showPricing: boolean }) {
  const { token } = theme.useToken();
  const cart = useCart();
  const [quantity, setQuantity] = useState(1);
  const headingId = `product-${String(product.id)}`;
  return (
    <Panel
      role="article"
      aria-labelledby={headingId}
      cover={<ProductImage src={productImage(product.sku)} alt={product.name} />}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={4} style={{ flex: 1 }}>
        <h3
          id={headingId}
          style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}
        >
          {product.name}
        </h3>
        <p style={{ margin: 0, color: token.colorTextDescription }}>{productSubtitle(product)}</p>
        {showPricing && product.price !== null ? <strong style={{ fontSize: token.fontSizeLG }}>{dollars(product.price)}</strong> : null}
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <QuantityStepper value={quantity} onChange={setQuantity} label={CartLabels.quantityOf(product.name)} />
        <Button
          type="primary"
          onClick={() => {
            cart.send({ type: 'cart.add', product, quantity });
            setQuantity(1);
          }}
        >
          {CatalogueText.addToCart}
        </Button>
      </Flex>
    </Panel>
  );
}
