// Values shared by the Playwright config and the specs.
export const E2E_TOKEN = 'e2e-admin-token-0123456789';
