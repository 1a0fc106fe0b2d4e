// The first-screen template contract (issue 18): a small server module a remote ships with its build
// (named by `firstScreen` in its registry entry) that the server runs for the remote's public routes to
// answer the page's HTML with its head and a static first screen. No browser or React imports: the
// module runs in the backend. It may import only its own sibling files (the build copies src/server/
// as it is, with the types stripped) and Node's built-ins.

/** A piece of HTML that is already safe: what `html` returns and `raw` marks. */
export interface SafeHtml {
  readonly __html: string;
}

/** One value a template interpolates: text is escaped, SafeHtml is kept, arrays are joined, null/false/undefined vanish. */
export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

export interface FirstScreenInput {
  /** The registry's route pattern that matched, e.g. "/property/:id". */
  route: string;
  /** The path asked for, e.g. "/property/6c1e…". */
  path: string;
  params: Readonly<Record<string, string>>;
  /** The query string, without `lang` (the language is `language`). */
  query: URLSearchParams;
  /** One of the 14 supported languages: `?lang=xx`, else the deployment's default. */
  language: string;
  dir: 'ltr' | 'rtl';
  /** The site's origin as crawlers see it, e.g. https://modula.example (no trailing slash). */
  siteUrl: string;
  /**
   * GET /rest/v1/<path> as the anonymous role, through the same REST layer and row-level security as a
   * browser's request. Resolves to the parsed JSON body; rejects on any status but 2xx.
   */
  read<T>(restPath: string): Promise<T>;
  /** Escapes every interpolated value (see HtmlValue). */
  html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml;
  /** Marks markup the template built itself as safe. Never pass user text. */
  raw(markup: string): SafeHtml;
  /** The URL of a public storage image rendered at a size (the same URL the browser app asks for). */
  image(bucket: string, path: string, size: { width: number; height: number; quality?: number }): string;
}

export interface FirstScreenImage {
  /** Absolute or root-relative; made absolute for Open Graph. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface FirstScreenResult {
  /** 404 for an unknown or unpublished id: the server answers with the not-found page instead. */
  status: 200 | 404;
  title: string;
  description: string;
  /** Path and query of the page's canonical URL without `lang`; the server adds the language. */
  canonical: string;
  /** Open Graph type. */
  type?: 'website' | 'product' | 'article' | 'profile';
  image?: FirstScreenImage;
  /** JSON-LD objects (schema.org); the server serialises them with "<" escaped. */
  jsonLd?: readonly Record<string, unknown>[];
  /** The first screen: placed below the header, replaced by the app once its page has rendered. */
  body?: SafeHtml;
  /** Styles of the first screen (class names prefixed by the template). */
  css?: string;
  /** Images the first screen shows above the fold, preloaded from the head. */
  preloadImages?: readonly { href: string; srcset?: string; sizes?: string }[];
}

/** What a first-screen module exports. */
export interface FirstScreenModule {
  render(input: FirstScreenInput): Promise<FirstScreenResult | null> | FirstScreenResult | null;
  /** The shell's module only: the not-found page's first screen. */
  notFound?(input: Pick<FirstScreenInput, 'language' | 'dir' | 'html' | 'raw'>): { title: string; body: SafeHtml; css?: string };
  /** The shell's module only: the paths the shell owns (its remotes' come from the registry). */
  routes?: readonly { path: string; access: 'public' | 'verified' | 'admin'; render?: boolean }[];
}
