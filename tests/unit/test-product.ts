import type { Product } from '@/contract/catalog';

/** A product as the outbox stores it with an edit: 10 in stock, MRP equal to the price. */
export function testProduct(id: number, price = 10_000): Product {
  return {
    id,
    name: `Product ${id}`,
    slug: `p-${id}`,
    description: '',
    images: [],
    mrp: price,
    price,
    stock: 10,
    category: 'Test',
    perishable: false,
  };
}
