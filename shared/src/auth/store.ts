import { createStore, useStore } from 'zustand';
import type { Session } from '@supabase/supabase-js';

export type UserType = 'customer' | 'vendor';
export type SubscriptionTier = 'free' | 'starter' | 'entrepreneur' | 'pro';

/** A row of public.profiles as the front end uses it. */
export interface Profile {
  id: string;
  name: string | null;
  company_name: string | null;
  company_id: string | null;
  user_type: UserType;
  role: 'admin' | null;
  profile_image: string | null;
  country: string | null;
  preferred_language: string | null;
}

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  userType: UserType;
  companyId: string | null;
  avatar: string | null;
}

export interface AuthState {
  /** 'loading' until the stored session (or its absence) is known. */
  status: 'loading' | 'signed-out' | 'signed-in';
  session: Session | null;
  user: CurrentUser | null;
  profile: Profile | null;
  /** Whether the profile (and so the role) is known yet: admin checks wait for 'loaded'. */
  profileStatus: 'idle' | 'loading' | 'loaded' | 'error';
  role: 'admin' | null;
  emailConfirmed: boolean;
  /** A user counts as logged in only once the email is confirmed. */
  isLoggedIn: boolean;
  /** True after a recovery link until the password is changed. */
  passwordRecovery: boolean;
}

export const signedOutState: AuthState = {
  status: 'signed-out',
  session: null,
  user: null,
  profile: null,
  profileStatus: 'idle',
  role: null,
  emailConfirmed: false,
  isLoggedIn: false,
  passwordRecovery: false,
};

/**
 * The page's one auth store. Only shared/src/auth writes it (from supabase auth events); remotes read
 * it through useAuth and act through the functions in session.ts.
 */
export const authStore = createStore<AuthState>()(() => ({ ...signedOutState, status: 'loading' }));

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

export function getAuthState(): AuthState {
  return authStore.getState();
}
