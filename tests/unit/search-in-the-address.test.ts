import { describe, expect, it } from 'vitest';
import { callListQuerySchema } from '@/contract/casting';
import { profileListQuerySchema } from '@/contract/profiles';
import { listQuery } from '@/lib/list-query';
import { directorySearch, parseSearch, stringifySearch } from '@/lib/search-params';

describe('the search in the address', () => {
  it('is read as the text written, figures and true included', () => {
    expect(parseSearch('?verified=true&search=2024&city=Navi%20Mumbai')).toEqual({
      verified: 'true',
      search: '2024',
      city: 'Navi Mumbai',
    });
  });

  it('is written plainly, leaving out what is not set', () => {
    expect(stringifySearch({ verified: 'true', search: '2024', page: 2, city: undefined })).toBe(
      '?verified=true&search=2024&page=2',
    );
    expect(stringifySearch({ city: undefined })).toBe('');
  });

  it('names every filter of a screen, so that a malformed one is not taken from the address as it is', () => {
    const picked = directorySearch(parseSearch('?page=abc&age=30&city=%20Pune%20'));
    expect(picked).toEqual(expect.objectContaining({ page: undefined, age: 30, city: 'Pune', verified: undefined }));
    expect(Object.keys(picked)).toEqual(expect.arrayContaining(['page', 'search', 'sort', 'verified']));
  });
});

describe('listQuery', () => {
  it('keeps the values the call accepts and leaves out the rest', () => {
    expect(
      listQuery(
        {
          city: 'Pune',
          sort: 'bogus',
          page: 'abc',
          verified: 'true',
          gender: 'nobody',
          utm_source: 'newsletter',
          search: '',
          per_page: 12,
        },
        profileListQuerySchema,
      ),
    ).toBe('?city=Pune&verified=true&per_page=12');
  });

  it('gives nothing for nothing set, and numbers as their figures', () => {
    expect(listQuery({ city: undefined }, callListQuerySchema)).toBe('');
    expect(listQuery({ age: 30, page: 2, paid: 'true' }, callListQuerySchema)).toBe('?age=30&page=2&paid=true');
  });

  it('without a schema, keeps every value set', () => {
    expect(listQuery({ page: 2, search: '', status: 'placed', role: null })).toBe('?page=2&status=placed');
  });
});
