// Two vitest projects: pure/unit tests (domain, contract, components in jsdom) and API tests
// against the real local planning service on an ephemeral port with a temporary database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Layout stubs for jsdom (the rich-text editor asks where the cursor is drawn).
          setupFiles: ['src/ui/test/jsdom-layout.ts'],
          // Form tests type into jsdom field by field; on a loaded 2-core machine one can pass 5 s.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
