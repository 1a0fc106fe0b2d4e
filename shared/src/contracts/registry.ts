/** Who may open a route: anyone, a signed-in user with a confirmed email, or an administrator. */
export type AccessRule = 'public' | 'verified' | 'admin';

export interface RouteEntry {
  /** A react-router path pattern, e.g. "/listings/:id" or "/admin/*". */
  path: string;
  access: AccessRule;
}

/** Places on every page that a remote can fill besides routes. */
export type SlotName = 'messenger-widget';

/** One remote in /remotes.json. */
export interface RegistryEntry {
  /** Federation name, e.g. "mf_catalog". */
  name: string;
  /** URL of the remote's mf-manifest.json (absolute or root-relative). */
  manifest: string;
  /** Semver plus git sha of the deployed build, e.g. "0.1.0+3f2a9c1d0e4b". */
  version: string;
  /** Version of the contract the remote was built against; the major must match the shell's. */
  contract: string;
  routes: RouteEntry[];
  slots: SlotName[];
}

export interface Registry {
  remotes: RegistryEntry[];
}

/** What ./app of every remote exports, besides the single-spa lifecycles. */
export interface RemoteMeta {
  name: string;
  version: string;
  sha: string;
  builtAt: string;
  contract: string;
}

/** Props the shell passes to every parcel it mounts. */
export interface ParcelProps {
  /** The federation name of the remote. */
  remote: string;
  /** Set when the parcel fills a slot instead of a route. */
  slot?: SlotName;
  /** Navigates the whole app (shell and every remote) to a path. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Tells the shell that the remote failed while rendering, for /deployment-status. */
  reportError: (error: Error) => void;
}

/**
 * The contract version each remote is built against. Bump the major when the shell and a remote can
 * no longer work together (props, events or route metadata changed incompatibly).
 */
export const CONTRACT_VERSIONS = {
  mf_catalog: '1.0.0',
  mf_auth: '1.0.0',
  mf_messenger: '1.0.0',
  mf_vendor: '1.0.0',
  mf_admin: '1.0.0',
} as const;

export type RemoteName = keyof typeof CONTRACT_VERSIONS;

export function contractMajor(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : Number.NaN;
}

/** True when a remote built against `offered` can be mounted by a shell expecting `expected`. */
export function isContractCompatible(expected: string, offered: string): boolean {
  const a = contractMajor(expected);
  return Number.isFinite(a) && a === contractMajor(offered);
}
