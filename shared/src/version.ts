/**
 * The version of the @modula/shared that is running. The shell's copy is the page's singleton, so in
 * a remote this is the shell's version, not the one the remote was built with (that range is
 * `__MODULA_BUILD__.shared`). Versioning rules: ARCHITECTURE.md, "@modula/shared versions".
 */
export const SHARED_VERSION: string = __MODULA_SHARED_VERSION__;
