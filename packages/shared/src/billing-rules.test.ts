import { describe, expect, it } from 'vitest';
import { isValidNip, passesLuhn, priceOf, ZBillingDetailsFields } from './billing-rules';

describe('priceOf', () => {
  it('adds 23% VAT rounded half up to the grosz', () => {
    expect(priceOf(8049)).toEqual({ net: 8049, vat: 1851, gross: 9900 });
    // 0.5 grosz rounds up, 0.49 down.
    expect(priceOf(50)).toEqual({ net: 50, vat: 12, gross: 62 }); // 11.5
    expect(priceOf(213)).toEqual({ net: 213, vat: 49, gross: 262 }); // 48.99
    expect(priceOf(0)).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it('refuses what is not a whole, non-negative amount', () => {
    expect(() => priceOf(-1)).toThrow(RangeError);
    expect(() => priceOf(1.5)).toThrow(RangeError);
  });
});

describe('NIP', () => {
  it('accepts a NIP whose check digit matches, with dashes, spaces or a PL prefix', () => {
    for (const nip of ['5260001246', '526-000-12-46', 'PL 526 000 12 46', 'pl5260001246']) {
      expect(isValidNip(nip), nip).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    for (const nip of ['5260001247', '526000124', '52600012466', '52600O1246', '']) {
      expect(isValidNip(nip), nip).toBe(false);
    }
  });
});

describe('Luhn', () => {
  it("tells Stripe's test numbers from a mistyped one", () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000002500003155')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
  });
});

describe('billing details', () => {
  const valid = {
    country: 'pl',
    city: 'Kraków',
    zip_code: '31-042',
    address: 'Rynek Główny 1',
    phone: '123456789',
    email: 'Faktury@Kancelaria.example',
    first_name: 'Anna',
    last_name: 'Nowak',
    company_name: 'Kancelaria',
    nip: 'PL 526-000-12-46',
  };

  it('normalizes the country, the e-mail and the NIP', () => {
    expect(ZBillingDetailsFields.parse(valid)).toMatchObject({
      country: 'PL',
      email: 'faktury@kancelaria.example',
      nip: '5260001246',
    });
  });

  it('names the field of each mistake', () => {
    const result = ZBillingDetailsFields.safeParse({
      ...valid,
      zip_code: '31042',
      city: 'Kraków<script>',
      nip: '123',
      address: 'ul.\u0000',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      city: 'validation.cityInvalid',
      nip: 'validation.nipInvalid',
      address: 'validation.invalidCharacters',
    });
  });

  it('checks the Polish zip code shape only for Poland', () => {
    expect(ZBillingDetailsFields.safeParse({ ...valid, zip_code: '31042' }).success).toBe(false);
    expect(
      ZBillingDetailsFields.safeParse({ ...valid, country: 'DE', zip_code: '10115' }).success,
    ).toBe(true);
  });
});
