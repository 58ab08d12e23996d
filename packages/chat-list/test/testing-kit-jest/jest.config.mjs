// The testing kit under Jest, as an app on Jest uses the published package: CommonJS (the
// package's `require` entries, dist/*.cjs), jsdom, the kit in `setupFilesAfterEnv`. With
// CHAT_LIST_REACT=18 every module resolves react, react-dom and the testing library from React 18.
import { REACT_18_PACKAGES } from '@chat-list/react-18';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const react18Mapper =
  process.env.CHAT_LIST_REACT === '18'
    ? Object.fromEntries(
        Object.entries(REACT_18_PACKAGES).flatMap(([name, dir]) => [
          [`^${escape(name)}$`, dir],
          [`^${escape(name)}/(.*)$`, `${dir}/$1`],
        ]),
      )
    : {};

export default {
  rootDir: packageRoot,
  roots: ['<rootDir>/test/testing-kit-jest'],
  testMatch: ['**/*.jest.test.cjs'],
  testEnvironment: 'jsdom',
  // Catches a hang: the test command runs Jest at the lowest CPU priority beside the browser tests.
  testTimeout: 30_000,
  setupFilesAfterEnv: ['<rootDir>/test/testing-kit-jest/setup.cjs'],
  // The package by its published name, as an app imports it: the built CommonJS entries.
  moduleNameMapper: {
    '^@chat-list/react$': '<rootDir>/dist/index.cjs',
    '^@chat-list/react/testing$': '<rootDir>/dist/testing.cjs',
    ...react18Mapper,
  },
  transform: {},
};
