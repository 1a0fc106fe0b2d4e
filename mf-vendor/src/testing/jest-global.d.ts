// swc hoists jest.mock() above the imports only when it is called on the global `jest`, not on the
// one imported from @jest/globals; tests that mock a module use the global, typed here.
declare const jest: typeof import('@jest/globals').jest;
