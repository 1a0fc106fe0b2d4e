// The one file through which this remote reaches shared services, so tests mock a single module.
export {
  getSupabase,
  getRuntimeConfig,
  hasRuntimeConfig,
  track,
  toast,
  useAuth,
  getAuthState,
  refreshProfile,
  queryClient,
  formatPrice,
  formatDate,
  formatNumber,
} from '@modula/shared';
