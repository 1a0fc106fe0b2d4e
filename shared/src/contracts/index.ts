// @modula/shared/contracts: the registry types and parser without anything of the browser, for the
// deploy scripts and tests that run in plain Node.
export { parseRegistry, RegistryError, ACCESS_RULES, SLOT_NAMES } from './parse-registry.ts';
export type { AccessRule, RouteEntry, SlotName, RegistryEntry, Registry, RemoteMeta, ParcelProps } from './registry.ts';
export type { FirstScreenInput, FirstScreenResult, FirstScreenModule, FirstScreenImage, SafeHtml, HtmlValue } from './first-screen.ts';
