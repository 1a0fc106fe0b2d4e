import type { Lookups } from '../services/api';
import { lookups } from '../services/resources';
import { useResource, type Resource } from './use-resource';

/** Categories (with subcategories) and countries: small reference tables every browse page needs. */
export function useLookups(): Resource<Lookups> {
  return useResource(lookups.key, lookups.load);
}
