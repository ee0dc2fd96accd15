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
          // Layout stubs for jsdom (the rich-text editor asks where the cursor is drawn); Testing
          // Library's waits capped at 15 s instead of 1 s.
          setupFiles: ['src/ui/test/jsdom-layout.ts', 'src/ui/test/async-timeout.ts'],
          // Form tests type into jsdom field by field; on a loaded 2-core machine one can pass 5 s, and
          // several times that with another test run beside it. A cap for a hang, not a speed budget.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Caps for a hang, not speed budgets (a test that measures speed says so itself): a test
          // that takes 2 s alone took 18 s beside five other builds and test runs on 2 cores.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
