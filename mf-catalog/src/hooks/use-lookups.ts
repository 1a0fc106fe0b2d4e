import { fetchCategories, fetchCountries, type Lookups } from '../services/api';
import { useResource, type Resource } from './use-resource';

/** Categories (with subcategories) and countries: small reference tables every browse page needs. */
export function useLookups(): Resource<Lookups> {
  return useResource('lookups', async () => {
    const [categories, countries] = await Promise.all([fetchCategories(), fetchCountries()]);
    return { categories, countries };
  });
}
