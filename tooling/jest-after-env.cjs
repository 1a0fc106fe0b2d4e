// Any console.error during a test fails it: an error the user could see must be asserted, not ignored.
const { beforeEach, afterEach } = require('@jest/globals');
const original = console.error;
beforeEach(() => {
  console.error = (...args) => {
    original(...args);
    throw new Error(`console.error during test: ${args.map(String).join(' ').slice(0, 500)}`);
  };
});
afterEach(() => {
  console.error = original;
});
