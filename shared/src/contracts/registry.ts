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
  /** Semver plus a hash of the deployed build's files, e.g. "0.1.0+3f2a9c1d0e4b". */
  version: string;
  /** Version of the contract the remote was built against (its remote.json); the major must match the shell's. */
  contract: string;
  /**
   * The range of @modula/shared the build needs (the remote's package.json dependency), e.g. "^1.0.0";
   * the shell refuses the remote when its own version is outside it. Absent only in entries written
   * before builds carried it: the shell refuses those too.
   */
  shared?: string;
  routes: RouteEntry[];
  slots: SlotName[];
  /**
   * The build's first-screen template (issue 18), relative to the folder of `manifest`, e.g.
   * "server/first-screen.mjs": the server renders the head and first screen of the remote's public routes with it.
   */
  firstScreen?: string;
}

export interface Registry {
  remotes: RegistryEntry[];
}

/** What ./app of every remote exports, besides the single-spa lifecycles: compiled into the remote. */
export interface RemoteMeta {
  name: string;
  version: string;
  sha: string;
  builtAt: string;
  /** The contract version the remote was built against. */
  contract: string;
  /** The range of @modula/shared the remote was built to work with. */
  shared: string;
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
