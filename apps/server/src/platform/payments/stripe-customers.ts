import type Stripe from 'stripe';
import type { CardSaveResult, StripePayments } from './payments';
import { cardErrorCode, idOf, isInvalidRequest } from './stripe-mapping';

type CustomerCalls = Pick<
  StripePayments,
  'ensureCustomer' | 'updateCustomer' | 'createSetupIntent' | 'attachCard' | 'detachCard'
>;

/** The payer on Stripe's side: the customer, its billing details and its saved cards. */
export function stripeCustomerCalls(stripe: Stripe): CustomerCalls {
  return {
    async ensureCustomer(account) {
      const customer = await stripe.customers.create(
        {
          ...(account.email && { email: account.email }),
          name: account.name,
          metadata: { account_id: account.id },
        },
        { idempotencyKey: account.id },
      );
      return customer.id;
    },

    async updateCustomer(customerRef, { email, name, phone, address }) {
      await stripe.customers.update(customerRef, {
        email,
        name,
        phone,
        address: {
          country: address.country,
          city: address.city,
          postal_code: address.postalCode,
          line1: address.line1,
        },
      });
    },

    async createSetupIntent(customerRef) {
      const intent = await stripe.setupIntents.create({
        customer: customerRef,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error('Stripe gave a SetupIntent without its secret');
      return { clientSecret: intent.client_secret };
    },

    async attachCard(customerRef, paymentMethodId): Promise<CardSaveResult> {
      try {
        let method = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = idOf(method.customer);
        // Another customer's card is not this account's to use.
        if (owner && owner !== customerRef) return { ok: false, code: 'card_declined' };
        if (!owner) {
          method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerRef });
        }
        if (method.type !== 'card' || !method.card) return { ok: false, code: 'card_declined' };
        await stripe.customers.update(customerRef, {
          invoice_settings: { default_payment_method: method.id },
        });
        const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
        return { ok: true, card: { ref: method.id, brand, last4, expMonth, expYear } };
      } catch (error) {
        const code = cardErrorCode(error);
        if (code)
          return { ok: false, code: code === 'authentication_failed' ? 'card_declined' : code };
        if (isInvalidRequest(error)) return { ok: false, code: 'card_declined' };
        throw error;
      }
    },

    async detachCard(cardRef) {
      try {
        await stripe.paymentMethods.detach(cardRef);
      } catch (error) {
        // Detached already (or never attached): nothing left to do.
        if (!isInvalidRequest(error)) throw error;
      }
    },
  };
}
