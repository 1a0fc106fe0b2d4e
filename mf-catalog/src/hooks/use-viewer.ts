import { useAuth } from '../services/api';

export interface Viewer {
  /** Signed in with a confirmed email (spec section 4). */
  loggedIn: boolean;
  userId: string | null;
  isCustomer: boolean;
  isVendor: boolean;
}

/** Who is looking, as far as the catalogue's role rules (spec section 6) care. */
export function useViewer(): Viewer {
  const loggedIn = useAuth((s) => s.isLoggedIn);
  const userId = useAuth((s) => (s.isLoggedIn ? (s.user?.id ?? null) : null));
  const userType = useAuth((s) => s.user?.userType ?? null);
  return {
    loggedIn,
    userId,
    isCustomer: loggedIn && userType === 'customer',
    isVendor: loggedIn && userType === 'vendor',
  };
}
