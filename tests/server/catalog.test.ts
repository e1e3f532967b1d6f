import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

interface ProductRow {
  id: number;
  name: string;
  price: number;
  category: string;
}

async function list(query = '') {
  return testApp.app.inject({ method: 'GET', url: `/backend/api/getProduct${query}` });
}

describe('product list (getProduct)', () => {
  it('answers the first page of 12 with the total and the categories', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(12);
    expect(body.meta).toMatchObject({ page: 1, per_page: 12 });
    expect(body.meta.total).toBeGreaterThanOrEqual(24);
    expect(body.meta.categories).toEqual(expect.arrayContaining(['Apparel', 'Collectibles', 'Snacks & Treats']));
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.any(String),
      description: expect.any(String),
      images: expect.arrayContaining([expect.stringMatching(/\.svg$/)]),
      mrp: expect.any(Number),
      price: expect.any(Number),
      stock: expect.any(Number),
      category: expect.any(String),
      perishable: expect.any(Boolean),
    });
    for (const product of body.data) {
      expect(Number.isInteger(product.price)).toBe(true);
      expect(product.price).toBeLessThanOrEqual(product.mrp);
    }
  });

  it('pages through every product exactly once', async () => {
    const first = (await list('?per_page=10')).json();
    const ids = new Set<number>();
    for (let page = 1; page <= Math.ceil(first.meta.total / 10); page += 1) {
      for (const product of (await list(`?per_page=10&page=${page}`)).json().data) ids.add(product.id);
    }
    expect(ids.size).toBe(first.meta.total);
    expect((await list(`?page=99`)).json().data).toEqual([]);
  });

  it('searches name and description in any case, with % taken literally', async () => {
    const found = (await list('?search=CLAPPERBOARD')).json().data as ProductRow[];
    expect(found.map((product) => product.name).sort()).toEqual(['Clapperboard Classic Tee', 'Miniature Clapperboard']);
    const byDescription = (await list('?search=cardamom')).json().data as ProductRow[];
    expect(byDescription.map((product) => product.name)).toEqual(['Mumbai Chai Masala Tin']);
    expect((await list('?search=%25')).json().data).toEqual([]);
  });

  it('finds a tee for "t-shirt", "tshirt", "T Shirts" and "shirt"', async () => {
    for (const search of ['t-shirt', 'tshirt', 'T Shirts', 'shirt', 'tees', 'T-SHIRTS']) {
      const found = (await list(`?search=${encodeURIComponent(search)}`)).json().data as ProductRow[];
      expect(
        found.map((product) => product.name),
        search,
      ).toContain('Clapperboard Classic Tee');
    }
  });

  it('finds the whole Posters & Art category for "poster", "posters" or "Poster" (names, descriptions, categories)', async () => {
    const category = (await list('?category=Posters%20%26%20Art&per_page=48')).json().data as ProductRow[];
    expect(category.length).toBe(4);
    for (const search of ['poster', 'posters', 'Poster', 'POSTERS']) {
      const found = (await list(`?search=${search}&per_page=48`)).json().data as ProductRow[];
      // The category, and nothing merely printed.
      expect(found.map((product) => product.name).sort(), search).toEqual(
        category.map((product) => product.name).sort(),
      );
    }
    // A category's name as typed, and a search of several words: every word is found.
    const byCategory = (await list(`?search=${encodeURIComponent('posters & art')}&per_page=48`)).json().data;
    expect((byCategory as ProductRow[]).every((product) => product.category === 'Posters & Art')).toBe(true);
    expect(byCategory).toHaveLength(4);
    const twoWords = (await list(`?search=${encodeURIComponent('poster set')}`)).json().data as ProductRow[];
    expect(twoWords.map((product) => product.name)).toEqual(['Golden Era Bollywood Poster Set']);
  });

  it('finds plurals and other spellings: "hoodies", "mugs", "accessories", "wall-art", "directors chair"', async () => {
    for (const [search, name] of [
      ['hoodies', 'Director’s Chair Hoodie'],
      ['mugs', 'Popcorn Bucket Mug'],
      ['cups', 'Popcorn Bucket Mug'],
      ['accessories', 'Crew Call Sheet Tote'],
      ['wall-art', 'Vintage Movie Ticket Wall Art'],
      ['directors chair', 'Director’s Chair Hoodie'],
      ['theater', 'Single Screen Theatre Print'],
      ['journal', 'Screenwriter’s Leather Notebook'],
      ['snack', 'Mumbai Chai Masala Tin'],
    ]) {
      const found = (await list(`?search=${encodeURIComponent(search!)}&per_page=48`)).json().data as ProductRow[];
      expect(
        found.map((product) => product.name),
        search,
      ).toContain(name);
    }
    expect((await list('?search=zzqx')).json().data).toEqual([]);
  });

  it('matches a word at the start of a word, not inside the letters of others', async () => {
    // The camera's description reads "…camera, with a turning reel…": "hat" is in "wit(h a t)urning" once squashed.
    for (const search of ['hat', 'cap', 'hats']) {
      const found = (await list(`?search=${search}&per_page=48`)).json().data as ProductRow[];
      expect(
        found.map((product) => product.name),
        search,
      ).toEqual(['Lights Camera Action Cap']);
    }
    // "tee" is not "whi(te e)dition", nor "s(teel)"; "die-cast", "die cast" and "Die Cast" find the camera.
    const tee = (await list('?search=tee&per_page=48')).json().data as ProductRow[];
    expect(tee.map((product) => product.name)).toEqual(['Clapperboard Classic Tee']);
    for (const search of ['die-cast', 'die cast', 'Die Cast']) {
      const found = (await list(`?search=${encodeURIComponent(search)}`)).json().data as ProductRow[];
      expect(
        found.map((product) => product.name),
        search,
      ).toEqual(['Die-cast Vintage Film Camera']);
    }
    // Regex and LIKE characters typed are plain characters.
    for (const search of ['.*', '[a-z]', '(', 'c_p', '%_']) {
      const response = await list(`?search=${encodeURIComponent(search)}`);
      expect(response.statusCode, search).toBe(200);
      expect(response.json().data, search).toEqual([]);
    }
  });

  it('filters by category and sorts by price both ways and by newest', async () => {
    const apparel = (await list('?category=apparel&per_page=48')).json();
    expect(apparel.data.length).toBe(3);
    expect(apparel.data.every((product: ProductRow) => product.category === 'Apparel')).toBe(true);
    expect(apparel.meta.total).toBe(3);

    const ascending = (await list('?sort=price_asc&per_page=48')).json().data as ProductRow[];
    const prices = ascending.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = (await list('?sort=price_desc&per_page=48')).json().data as ProductRow[];
    expect(descending.map((product) => product.price)).toEqual([...prices].reverse().sort((a, b) => b - a));
    const newest = (await list('?sort=newest&per_page=48')).json().data as ProductRow[];
    expect(newest[0]?.name).toBe('Clapperboard Classic Tee');
  });

  it('answers bad query values with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sort=cheapest', 'sort'],
      ['?page=0', 'page'],
      ['?per_page=49', 'per_page'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});

describe('one product (/api/v1/getProduct/{id})', () => {
  it('answers a product with its images, MRP, price and stock', async () => {
    const [first] = (await list()).json().data as ProductRow[];
    const response = await testApp.app.inject({ method: 'GET', url: `/backend/api/api/v1/getProduct/${first?.id}` });
    expect(response.statusCode).toBe(200);
    const { variants, ...product } = response.json().data as { variants?: { label: string }[] };
    expect(product).toEqual((await list()).json().data[0]);
    // The first, the tee, comes in sizes: its page carries them, the list does not.
    expect(variants?.map((variant) => variant.label)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await testApp.app.inject({ method: 'GET', url: '/backend/api/api/v1/getProduct/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'This product does not exist or is no longer sold',
      code: 'product_not_sold',
    });
    const malformed = await testApp.app.inject({ method: 'GET', url: '/backend/api/api/v1/getProduct/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('id');
  });

  it('serves every product image from the uploads', async () => {
    const products = (await list('?per_page=48')).json().data as { images: string[] }[];
    for (const image of products.flatMap((product) => product.images)) {
      const response = await testApp.app.inject({ method: 'GET', url: `/backend/uploads/product/${image}` });
      expect(response.statusCode, image).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
    }
  });
});
