import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, readAnswer } from '@/lib/api-client';
import { contractText, loadRefusalWords } from '@/lib/refusals';
import { baseLocale, overwriteGetLocale } from '@/paraglide/runtime';
import { z } from 'zod/mini';

const reading = (language: 'en' | 'hi') => overwriteGetLocale(() => language);
const taken = 'An account with this email already exists; log in instead';

afterEach(() => reading(baseLocale));

/** The ApiError an answer of `status` with `body` becomes. */
function refusalOf(status: number, body: object): ApiError {
  try {
    readAnswer(status, JSON.stringify(body), null, { schema: z.unknown() });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The answer was not a refusal');
}

describe('a refusal in the page’s language', () => {
  it('keeps the code, params and the server’s English, and says it in Hindi on a Hindi page', async () => {
    reading('hi');
    await loadRefusalWords();
    const error = refusalOf(409, { message: taken, field: 'email', code: 'email_taken' });
    expect(error).toMatchObject({ status: 409, field: 'email', code: 'email_taken', serverMessage: taken });
    expect(error.message).toBe('इस ईमेल से पहले से एक खाता है; लॉग इन करें');

    const stock = refusalOf(409, {
      message: 'Only 3 of Clapper Tee left in stock',
      code: 'stock_left',
      params: { count: '3', product: 'Clapper Tee' },
    });
    expect(stock.params).toEqual({ count: '3', product: 'Clapper Tee' });
    expect(stock.message).toBe('Clapper Tee के सिर्फ़ 3 पीस स्टॉक में बचे हैं');
  });

  it('shows the server’s English for a code the app does not know, or no code', async () => {
    reading('hi');
    await loadRefusalWords();
    expect(refusalOf(422, { message: 'A refusal of a newer server', code: 'brand_new_refusal' }).message).toBe(
      'A refusal of a newer server',
    );
    expect(refusalOf(400, { message: 'Something without a code' }).message).toBe('Something without a code');
  });

  it('shows the server’s English as it came on an English page', async () => {
    await loadRefusalWords();
    expect(refusalOf(409, { message: taken, code: 'email_taken' }).message).toBe(taken);
    expect(contractText('Password must be at least 8 characters')).toBe('Password must be at least 8 characters');
  });

  it('says a contract schema’s English in Hindi, with its values', async () => {
    reading('hi');
    await loadRefusalWords();
    expect(contractText('Password must be at least 8 characters')).toBe('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए');
    expect(contractText('A text of no code')).toBe('A text of no code');
  });
});
