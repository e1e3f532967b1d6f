import type { Cart, Wishlist } from '../../src/contract/cart.js';
import type { Product } from '../../src/contract/catalog.js';

export const API = '/backend/api';
export const USER_API = `${API}/api/user/v1`;

export interface Shopper {
  userId: number;
  token: string;
}

async function call<T>(baseUrl: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(baseUrl + path, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

function authorised(shopper: Shopper): Record<string, string> {
  return { authorization: `Bearer ${shopper.token}` };
}

/** A new account, signed in; each bench run uses its own fresh database, so the email only has to be unique here. */
export async function registerShopper(baseUrl: string, label: string): Promise<Shopper> {
  const body = await call<{ token: string; user: { id: number } }>(baseUrl, `${USER_API}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench ${label}`, email: `bench-${label}@example.in`, password: 'Clapperboard#2026' }),
  });
  return { userId: body.user.id, token: body.token };
}

export async function listAllProducts(baseUrl: string): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page += 1) {
    const body = await call<{ data: Product[]; meta: { total: number; per_page: number } }>(
      baseUrl,
      `${API}/getProduct?per_page=48&page=${page}`,
    );
    products.push(...body.data);
    if (page * body.meta.per_page >= body.meta.total) break;
  }
  // The stages add products to carts by id alone: a product sold in sizes needs one, so it is left out.
  const details = await Promise.all(
    products.map((product) =>
      call<{ data: { variants?: unknown[] } }>(baseUrl, `${API}/api/v1/getProduct/${product.id}`),
    ),
  );
  return products.filter((_, index) => !details[index]!.data.variants?.length);
}

export const getCart = (baseUrl: string, shopper: Shopper) =>
  call<Cart>(baseUrl, `${USER_API}/getCartItems`, { headers: authorised(shopper) });

export const getWishlist = (baseUrl: string, shopper: Shopper) =>
  call<Wishlist>(baseUrl, `${USER_API}/getWishlistItems`, { headers: authorised(shopper) });

export async function addToCart(baseUrl: string, shopper: Shopper, productId: number): Promise<Cart> {
  return call<Cart>(baseUrl, `${USER_API}/addToCart`, {
    method: 'POST',
    headers: { ...authorised(shopper), 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: productId, quantity: 1 }),
  });
}

export async function fetchText(baseUrl: string, path: string): Promise<string> {
  const response = await fetch(baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.text();
}
