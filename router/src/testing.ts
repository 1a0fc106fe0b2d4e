// For tests only (not shared, never in a production bundle): a router that needs no browser history.
// It comes from the same react-router module as the components in ./index, so they share its context.
export { MemoryRouter } from 'react-router-dom';
