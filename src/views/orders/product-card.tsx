import { Button, Flex } from 'antd';
import { useState } from 'react';
import { dollars } from '../../model/orders/pricing';
import { productImage, productSubtitle, type Product } from '../../model/orders/product';
import { CartLabels, CatalogueText } from '../../model/orders/texts';
import { Panel } from '../parts/panel';
import { useCart } from './cart-provider';
import { ProductImage } from './product-image';
import { QuantityStepper } from './quantity-stepper';
import './orders.css';

/** Ordering §2: one product of the catalogue, with the quantity to add and Add to Cart. */
export function ProductCard({ product, showPricing }: { product: Product; showPricing: boolean }) {
  const cart = useCart();
  const [quantity, setQuantity] = useState(1);
  const headingId = `product-${String(product.id)}`;
  return (
    <Panel
      role="article"
      aria-labelledby={headingId}
      cover={<ProductImage src={productImage(product.sku)} alt={product.name} />}
      className="orders-full-height"
    >
      <Flex vertical gap={4} className="orders-grow">
        <h3 id={headingId} className="orders-product-name">
          {product.name}
        </h3>
        <p className="orders-description">{productSubtitle(product)}</p>
        {showPricing && product.price !== null ? <strong className="orders-price">{dollars(product.price)}</strong> : null}
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
