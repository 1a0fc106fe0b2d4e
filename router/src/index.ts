// The router API of the shell and the remotes: exactly what they import, and nothing else.
// `@modula/router` is shared through Module Federation (tooling/webpack.cjs), and whoever provides a
// shared module ships all of its exports; listing them here keeps that to this subset of react-router
// (the rest is tree-shaken). Adding an export is a minor version, removing one a major version: see
// docs/decisions/001-react-router-sharing.md.
export {
  BrowserRouter,
  createBrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useMatches,
  useNavigate,
  useOutletContext,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { RouteObject } from 'react-router-dom';
