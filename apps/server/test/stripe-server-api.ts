import {
  invalid,
  newId,
  StripeApiError,
  TEST_PAYMENT_METHODS,
  type Price,
  type StripeState,
} from './stripe-server-model';
import { expandOf, nested, required, text, type Params, type Route } from './stripe-server-params';
import { renderIntent, renderInvoice, renderPrice } from './stripe-server-render';
import { subscriptionRoutes } from './stripe-server-subscriptions';

// The endpoints of Stripe's API that the SDK calls for our integration, on the stand-in's
// state: customers, SetupIntents, PaymentMethods, products, prices, invoices, PaymentIntents,
// and (stripe-server-subscriptions.ts) subscriptions with their schedules.

export function apiRoutes(state: StripeState): Route[] {
  const now = () => state.nowSeconds();

  const renderCustomer = (id: string) => {
    const customer = state.get(state.customers, id);
    return {
      id,
      object: 'customer',
      email: customer.email,
      name: customer.name,
      phone: customer.phone,
      address: customer.address,
      metadata: customer.metadata,
      invoice_settings: { default_payment_method: customer.defaultPaymentMethod },
    };
  };

  const renderMethod = (id: string) => {
    const template = TEST_PAYMENT_METHODS[id];
    const method = template
      ? { id, customer: null, card: template }
      : state.get(state.paymentMethods, id);
    return {
      id: method.id,
      object: 'payment_method',
      type: 'card',
      customer: method.customer,
      card: {
        brand: method.card.brand,
        last4: method.card.last4,
        exp_month: 12,
        exp_year: new Date(now() * 1000).getUTCFullYear() + 3,
      },
    };
  };

  /** A card the customer may use: attached to that customer. */
  const customersCard = (customer: string, methodId: string) => {
    const method = state.paymentMethods.get(methodId);
    if (method?.customer !== customer) {
      throw invalid(`The PaymentMethod ${methodId} does not belong to the Customer ${customer}.`);
    }
    return methodId;
  };

  const priceOf = (item: Params): Price => {
    const id = text(item, 'price');
    if (id) return state.get(state.prices, id);
    const data = nested(item, 'price_data');
    return createPrice(data);
  };

  const createPrice = (data: Params): Price => {
    const interval = text(nested(data, 'recurring'), 'interval');
    if (interval !== 'month' && interval !== 'year') throw invalid('recurring[interval] is needed');
    const product = required(data, 'product');
    state.get(state.products, product);
    const price: Price = {
      id: newId('price'),
      product,
      currency: required(data, 'currency'),
      unit_amount: Number(required(data, 'unit_amount')),
      interval,
    };
    state.prices.set(price.id, price);
    return price;
  };

  return [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      handle: (params) => {
        const id = newId('cus');
        state.customers.set(id, {
          id,
          email: text(params, 'email') ?? null,
          name: text(params, 'name') ?? null,
          metadata: nested(params, 'metadata') as Record<string, string>,
          phone: null,
          address: null,
          defaultPaymentMethod: null,
        });
        return renderCustomer(id);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle: (params, id) => {
        const customer = state.get(state.customers, id);
        customer.email = text(params, 'email') ?? customer.email;
        customer.name = text(params, 'name') ?? customer.name;
        customer.phone = text(params, 'phone') ?? customer.phone;
        if (params.address) customer.address = nested(params, 'address');
        const method = text(nested(params, 'invoice_settings'), 'default_payment_method');
        if (method) customer.defaultPaymentMethod = customersCard(id, method);
        return renderCustomer(id);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/setup_intents$/,
      handle: (params) => {
        if (params.payment_method_types) {
          throw invalid('Received unknown parameter: payment_method_types');
        }
        const customer = required(params, 'customer');
        state.get(state.customers, customer);
        const id = newId('seti');
        const secret = `${id}_secret_${newId('s')}`;
        state.setupIntents.set(id, { id, customer, secret });
        return {
          id,
          object: 'setup_intent',
          customer,
          client_secret: secret,
          usage: text(params, 'usage') ?? 'off_session',
          status: 'requires_payment_method',
        };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: (_p, id) => renderMethod(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle: (params, id) => {
        const customer = required(params, 'customer');
        state.get(state.customers, customer);
        const template = TEST_PAYMENT_METHODS[id];
        if (template?.attachError) {
          throw new StripeApiError(402, {
            type: 'card_error',
            ...template.attachError,
            message: 'Your card was declined.',
          });
        }
        const method = template
          ? { id: newId('pm'), customer: null, card: template }
          : state.get(state.paymentMethods, id);
        if (method.customer && method.customer !== customer) {
          throw invalid('The payment method you provided has already been attached to a customer.');
        }
        state.paymentMethods.set(method.id, { ...method, customer });
        return renderMethod(method.id);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handle: (_params, id) => {
        const method = state.get(state.paymentMethods, id);
        if (!method.customer) throw invalid('The payment method is not attached to a customer.');
        method.customer = null;
        return renderMethod(id);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/products$/,
      handle: (params) => {
        const product = { id: newId('prod'), name: required(params, 'name') };
        state.products.set(product.id, product);
        return { ...product, object: 'product', metadata: nested(params, 'metadata') };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/prices$/,
      handle: (params) => renderPrice(createPrice(params)),
    },
    ...subscriptionRoutes(state, { priceOf, customersCard }),
    {
      method: 'GET',
      path: /^\/v1\/invoices\/([^/]+)$/,
      handle: (params, id) => renderInvoice(state, state.get(state.invoices, id), expandOf(params)),
    },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/([^/]+)\/void$/,
      handle: (_params, id) => {
        const invoice = state.get(state.invoices, id);
        if (invoice.status !== 'open') throw invalid('You can only void an open invoice.');
        invoice.status = 'void';
        for (const intentId of invoice.intents)
          state.get(state.intents, intentId).status = 'canceled';
        return renderInvoice(state, invoice);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/invoices\/([^/]+)\/pay$/,
      handle: (params, id) => {
        const invoice = state.get(state.invoices, id);
        if (invoice.status !== 'open') throw invalid('Invoice is already paid or void.');
        state.attempt(invoice, text(params, 'off_session') !== 'false');
        if (state.get(state.invoices, id).status !== 'paid') throw state.refusal(id);
        return renderInvoice(state, invoice);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_params, id) => renderIntent(state.get(state.intents, id)),
    },
  ];
}
