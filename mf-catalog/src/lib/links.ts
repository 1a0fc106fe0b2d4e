import type { ListingType } from '../services/types';

/** Where a card leads (spec section 2): properties and commercial units share /property/{id}. */
export function listingPath(type: ListingType, id: string): string {
  switch (type) {
    case 'upgrade':
      return `/upgrade/${id}`;
    case 'service':
      return `/service/${id}`;
    default:
      return `/property/${id}`;
  }
}

/** Schedule Meeting opens the listing for signed-in users and the login page for guests. */
export function scheduleMeetingPath(id: string, loggedIn: boolean): string {
  return loggedIn ? `/property/${id}` : '/login';
}

/** The browse page of a kind of listing. */
export function browsePath(type: ListingType): string {
  switch (type) {
    case 'commercial':
      return '/commercial-units';
    case 'upgrade':
      return '/upgrades';
    case 'service':
      return '/services';
    default:
      return '/listings?category=homes';
  }
}
