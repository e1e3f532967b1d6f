import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cartOutbox } from '@/features/cart/api/cart-outbox';
import { UNSENT_APPLICATIONS_KEY } from '@/lib/device-data';
import { loadDraft, saveDraft } from '@/offline/drafts';
import { forgetMemberOnDevice } from '@/offline/forget-member';
import { enqueue, listEntries } from '@/offline/outbox';
import { ownerOfUser } from '@/offline/outbox-types';
import { testProduct } from './test-product';

const stored = new Map<string, string>();
const storage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
};

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('forgetting a member on this device', () => {
  it('deletes their drafts, their edits not yet sent and their unsent notes, and nobody else’s', async () => {
    (globalThis as { window?: unknown }).window = { localStorage: storage };
    const leaving = ownerOfUser(41);
    const other = ownerOfUser(42);
    const profileDraft = { date_of_birth: '2009-04-02', phone: '+91 98200 12345', guardian: { email: 'a@b.in' } };
    await saveDraft(leaving, 'profile', profileDraft);
    await saveDraft(other, 'profile', { phone: '+91 98200 54321' });
    await enqueue(cartOutbox, leaving, {
      action: { kind: 'cart.set', productId: 5, quantity: 1 },
      product: testProduct(5),
    });
    storage.setItem(UNSENT_APPLICATIONS_KEY, '[{"note":"I can ride a horse"}]');

    expect(await listEntries(leaving)).toHaveLength(1);
    expect(await loadDraft(leaving, 'profile')).toEqual(profileDraft);

    await forgetMemberOnDevice(41);

    expect(await loadDraft(leaving, 'profile')).toBeUndefined();
    expect(await loadDraft(other, 'profile')).toEqual({ phone: '+91 98200 54321' });
    expect(await listEntries(leaving)).toEqual([]);
    expect(storage.getItem(UNSENT_APPLICATIONS_KEY)).toBeNull();
  });
});
