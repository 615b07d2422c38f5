/*
 * A fake of the card provider's browser script (https://js.stripe.com/<train>/stripe.js) for tests. It defines
 * `window.Stripe(publishableKey)` with the surface that @stripe/stripe-js and @stripe/react-stripe-js use:
 * the wrapper registration calls, `elements()` with a card element, and `createPaymentMethod` with a card
 * element, which POSTs the card form-encoded with the publishable key to the provider's API, as the real
 * script does. The card element draws real inputs (card number, MM/YY, CVC), named for assistive
 * technology, where the real one draws an iframe; its events and validation follow the real element's.
 * Plain browser JavaScript: a page loads it as the provider's script, and view tests evaluate it.
 */
((global) => {
  'use strict';

  const API_URL = 'https://api.stripe.com/v1';
  /** The release train @stripe/stripe-js expects; another value only makes it warn. */
  const VERSION = 'endive';
  let fieldCount = 0;

  const integrationError = (message) => Object.assign(new Error(message), { name: 'IntegrationError' });
  const onlyDigits = (value) => String(value).replace(/\D/g, '');
  const validationError = (code, message) => ({ type: 'validation_error', code, message });

  function luhn(digits) {
    let sum = 0;
    for (let index = 0; index < digits.length; index++) {
      const digit = Number(digits[digits.length - 1 - index]);
      sum += index % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
    }
    return sum % 10 === 0;
  }

  function brandOf(digits) {
    if (/^3[47]/.test(digits)) return 'amex';
    if (/^4/.test(digits)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
    return /^6/.test(digits) ? 'discover' : 'unknown';
  }

  /** The card as typed: its parts, and the first problem and the first missing part in reading order. */
  function readCard(values, now) {
    const number = onlyDigits(values.number);
    const expiry = onlyDigits(values.expiry);
    const cvc = onlyDigits(values.cvc);
    const brand = brandOf(number);
    const numberDone = number.length >= (brand === 'amex' ? 15 : 16);
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2, 4));
    const past = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
    const parts = [
      [numberDone, 'incomplete_number', 'Your card number is incomplete.'],
      [expiry.length === 4, 'incomplete_expiry', "Your card's expiration date is incomplete."],
      [cvc.length >= (brand === 'amex' ? 4 : 3), 'incomplete_cvc', "Your card's security code is incomplete."],
    ];
    const missing = parts.find(([done]) => !done);
    let error = null;
    if (numberDone && !luhn(number)) error = validationError('invalid_number', 'Your card number is invalid.');
    else if (expiry.length >= 2 && (month < 1 || month > 12)) {
      error = validationError('invalid_expiry_month', "Your card's expiration date is invalid.");
    } else if (expiry.length === 4 && past)
      error = validationError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
    return {
      number,
      brand,
      month,
      year,
      cvc,
      empty: !number && !expiry && !cvc,
      error,
      incomplete: missing ? validationError(missing[1], missing[2]) : null,
      complete: !error && !missing,
    };
  }

  const formatNumber = (digits) => digits.slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
  const formatExpiry = (digits) => (digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2, 4)}` : digits);

  function input(name, label, placeholder, autocomplete, flex, format) {
    const field = document.createElement('input');
    Object.assign(field, { type: 'text', name, inputMode: 'numeric', autocomplete, placeholder });
    field.setAttribute('aria-label', label);
    Object.assign(field.style, { border: 'none', background: 'transparent', padding: '0', minWidth: '0', flex });
    field.addEventListener('input', () => {
      field.value = format(onlyDigits(field.value));
    });
    return field;
  }

  function createCardElement(initialOptions, forget) {
    let options = { ...initialOptions };
    let listeners = {};
    const id = `fake-stripe-card-${++fieldCount}`;
    let container = null;
    let root = null;
    let sheet = null;
    let inputs = null;
    let destroyed = false;

    const emit = (type, payload) => (listeners[type] ?? []).slice().forEach((listener) => listener(payload));
    const values = () => (inputs ? { number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value } : {});

    function changeEvent() {
      const card = readCard(values(), new Date());
      return {
        elementType: 'card',
        empty: card.empty,
        complete: card.complete,
        error: card.error ?? undefined,
        brand: card.brand,
        value: {},
      };
    }

    /** The page's colours and font, as `style.base` gives them to the real element's iframe. */
    function applyOptions() {
      if (!inputs) return;
      const base = options.style?.base ?? {};
      for (const field of Object.values(inputs)) {
        field.disabled = Boolean(options.disabled);
        Object.assign(field.style, {
          color: base.color ?? '',
          fontFamily: base.fontFamily ?? 'inherit',
          fontSize: base.fontSize ?? 'inherit',
        });
      }
      const placeholder = base['::placeholder']?.color;
      sheet.textContent = placeholder ? `#${id} input::placeholder { color: ${placeholder}; opacity: 1; }` : '';
    }

    function build() {
      root = document.createElement('div');
      root.id = id;
      Object.assign(root.style, { display: 'flex', gap: '8px', alignItems: 'center' });
      sheet = document.createElement('style');
      inputs = {
        number: input('cardnumber', 'Card number', '1234 1234 1234 1234', 'cc-number', '1 1 auto', formatNumber),
        expiry: input('exp-date', 'Expiration date (MM/YY)', 'MM / YY', 'cc-exp', '0 0 80px', formatExpiry),
        cvc: input('cvc', 'CVC', 'CVC', 'cc-csc', '0 0 56px', (digits) => digits.slice(0, 4)),
      };
      root.append(sheet, inputs.number, inputs.expiry, inputs.cvc);
      // Each field formats itself first; the element then reports the change, as the real one does.
      root.addEventListener('input', () => emit('change', changeEvent()));
      root.addEventListener('focusin', (event) => !root.contains(event.relatedTarget) && emit('focus', { elementType: 'card' }));
      root.addEventListener('focusout', (event) => !root.contains(event.relatedTarget) && emit('blur', { elementType: 'card' }));
      applyOptions();
    }

    const element = {
      /** Tells the fake's createPaymentMethod that this is one of its elements. */
      _fakeStripeCard: true,
      mount(target) {
        if (destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node)
          throw integrationError(
            `The selector you specified (${String(target)}) applies to no DOM elements that are currently on the page.`,
          );
        if (!root) build();
        container = node;
        container.append(root);
        setTimeout(() => container && emit('ready', { elementType: 'card' }), 0);
      },
      unmount() {
        root?.remove();
        container = null;
      },
      destroy() {
        element.unmount();
        destroyed = true;
        listeners = {};
        forget();
      },
      on(type, listener) {
        (listeners[type] ??= []).push(listener);
        return element;
      },
      off(type, listener) {
        listeners[type] = listener ? (listeners[type] ?? []).filter((candidate) => candidate !== listener) : [];
        return element;
      },
      update(updates) {
        options = { ...options, ...updates };
        applyOptions();
      },
      focus: () => inputs?.number.focus(),
      blur: () => root?.contains(document.activeElement) && document.activeElement.blur(),
      clear() {
        if (!inputs) return;
        for (const field of Object.values(inputs)) field.value = '';
        emit('change', changeEvent());
      },
      /** For createPaymentMethod: the card as typed now, or null once the element left the page. */
      _read: () => (container ? readCard(values(), new Date()) : null),
    };
    return element;
  }

  function createElementsGroup() {
    const created = {};
    return {
      create(type, options) {
        if (type !== 'card') throw integrationError(`The fake card provider creates card Elements only, not ${String(type)}.`);
        if (created[type]) throw integrationError(`Can only create one Element of type ${type}.`);
        created[type] = createCardElement(options ?? {}, () => delete created[type]);
        return created[type];
      },
      getElement: (typeOrComponent) =>
        created[typeof typeOrComponent === 'string' ? typeOrComponent : typeOrComponent?.__elementType] ?? null,
      update() {},
    };
  }

  const unsupported = (name) => () =>
    Promise.resolve({ error: { type: 'invalid_request_error', message: `The fake card provider does not support ${name}.` } });

  function createStripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey) {
      throw integrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }

    async function post(form) {
      try {
        const response = await fetch(`${API_URL}/payment_methods`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
        const body = await response.json();
        if (response.ok) return { paymentMethod: body };
        return { error: body?.error ?? { type: 'api_error', message: 'An unknown error occurred' } };
      } catch {
        return {
          error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe. Request was retried 0 times.' },
        };
      }
    }

    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements: () => createElementsGroup(),
      async createPaymentMethod(data) {
        if (data?.type !== 'card') throw integrationError('The fake card provider creates card payment methods only.');
        const element = data.card ?? data.elements?.getElement('card');
        if (!element?._fakeStripeCard)
          throw integrationError('Invalid value for createPaymentMethod: card should be an object or element.');
        const card = element._read();
        if (!card) {
          throw integrationError(
            'We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.',
          );
        }
        // Like the real script, details the element already knows to be wrong never leave the page.
        if (card.error || card.incomplete) return { error: card.error ?? card.incomplete };
        const form = new URLSearchParams({ type: 'card' });
        form.append('card[number]', card.number);
        form.append('card[exp_month]', String(card.month));
        form.append('card[exp_year]', String(card.year));
        form.append('card[cvc]', card.cvc);
        return post(form);
      },
      createToken: unsupported('createToken'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      confirmCardSetup: unsupported('confirmCardSetup'),
    };
  }

  createStripe.version = VERSION;
  global.Stripe = createStripe;
})(typeof window !== 'undefined' ? window : globalThis);
