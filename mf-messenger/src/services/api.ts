// The one file through which this remote reaches shared services, so tests mock a single module.
export {
  getSupabase,
  track,
  toast,
  useAuth,
  getAuthState,
  subscribe,
  dispatch,
  queryClient,
  currentLanguage,
  registerNamespace,
  avatarUrl,
  formatDate,
} from '@modula/shared';
