-- The card an order was paid with, as the order page names it (issue 40: "card brand and last four"). Kept on
-- the order when it is placed, since the card may be deleted later or live only at the card provider. Orders
-- placed before this migration take them from the practice's saved card with that id, where the server has it.

ALTER TABLE orders ADD COLUMN card_brand text;
ALTER TABLE orders ADD COLUMN card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$');

UPDATE orders o SET card_brand = c.brand, card_last4 = c.last4
  FROM practice_cards c
  WHERE c.id = o.payment_method AND c.practice_id = o.practice_id;
