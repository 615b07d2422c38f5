import { Alert, Card, Form, Radio, Typography } from 'antd';
import { Link } from 'wouter';
import { countryName } from '../../../model/address/countries';
import { CheckoutPageText, CheckoutText } from '../../../model/orders/texts';
import { SettingsPaths } from '../../../model/shell/navigation';
import type { Address } from '../../../model/practice/practice';
import { prefetchChoiceSelect } from '../../forms/choice-select-on-demand';
import { CheckoutClass } from './checkout-styles';
import { CheckoutSection } from './section';

/** Ordering §2: digital fulfilment ships nothing, so the form asks for no address. */
export function DigitalOrderNote() {
  return (
    <Alert
      type="info"
      showIcon
      title={CheckoutText.digitalOrder}
      description={CheckoutPageText.digitalOrderNote}
      className={CheckoutClass.banner}
    />
  );
}

/** Ordering §2: Delivery Method, Ship to Practice (the practice's address, or where to add it) or Ship to Other Address. */
export function DeliverySection({
  practiceName,
  address,
  shipToPractice,
}: {
  practiceName: string;
  address: Address | null;
  shipToPractice: boolean;
}) {
  return (
    <CheckoutSection title={CheckoutText.deliveryMethod}>
      <Form.Item name="isShipToPractice">
        <Radio.Group
          aria-label={CheckoutText.deliveryMethod}
          // The other address's selects load as the user reaches for the choice that shows them.
          onMouseEnter={prefetchChoiceSelect}
          onFocus={prefetchChoiceSelect}
          options={[
            { value: true, label: CheckoutText.shipToPractice },
            { value: false, label: CheckoutText.shipToOther },
          ]}
        />
      </Form.Item>
      {shipToPractice ? (
        address?.addressLine1?.trim() ? (
          <PracticeAddressCard name={practiceName} address={address} />
        ) : (
          <PracticeAddressRequired />
        )
      ) : null}
    </CheckoutSection>
  );
}

function PracticeAddressCard({ name, address }: { name: string; address: Address }) {
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Card size="small" title={CheckoutText.practiceAddress}>
      <address className={CheckoutClass.address}>
        <Typography.Text strong>{name}</Typography.Text>
        {[address.addressLine1, address.addressLine2, cityLine, countryName(address.country)]
          .filter((line) => line?.trim())
          .map((line) => (
            <div key={line}>{line}</div>
          ))}
      </address>
    </Card>
  );
}

function PracticeAddressRequired() {
  return (
    <Alert
      type="warning"
      showIcon
      title={CheckoutText.practiceAddressRequired}
      description={
        <>
          {CheckoutPageText.practiceAddressMissing} <Link href={SettingsPaths.organization}>{CheckoutPageText.organizationSettings}</Link>{' '}
          {CheckoutPageText.practiceAddressHint}
        </>
      }
    />
  );
}
