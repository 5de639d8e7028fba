import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Every API test file builds its own runtime on its own temporary
 * database file (tests/factories), so files run in parallel safely.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globals: false,
    // scrypt hashing (~50-100 ms a password) makes the rate-limit files slower than usual.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
