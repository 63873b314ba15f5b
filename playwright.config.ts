import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './apps/server/node-flags.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import {
  E2E_CONTACT_EMAIL,
  E2E_DATA_DIR,
  E2E_ELI_URL,
  E2E_LLM_MODEL,
  E2E_LLM_MODEL_NAME,
  E2E_LLM_PORT,
  E2E_OIDC_CLIENT,
  E2E_OIDC_ISSUER,
  E2E_PORT,
  E2E_SAOS_URL,
  E2E_URL,
} from './e2e/env';

/**
 * Specs that change what every page sees: the whole server in maintenance, or the register
 * citations are checked in down.
 */
const SERVER_WIDE_SPECS = /\/(maintenance|legal|registers-down)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Two browsers at once on one server: each walk signs up its own accounts. A file's tests
  // stay in order in one worker.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  // A safety net for two walks sharing a loaded 2-core machine; tests wait on states.
  timeout: 60_000,
  projects: [
    { name: 'walks', testIgnore: SERVER_WIDE_SPECS },
    // Maintenance and a register down switch the whole server: alone, one at a time, last.
    { name: 'server-wide', testMatch: SERVER_WIDE_SPECS, dependencies: ['walks'], workers: 1 },
  ],
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: E2E_URL,
    browserName: 'chromium',
    locale: 'en-US',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      // The OpenID provider that stands in for Google; Themis discovers it on first use.
      // One process (no npx in between), so Playwright's SIGTERM reaches it.
      command: 'exec node --import tsx e2e/oidc-server.ts',
      url: `${E2E_OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The model provider: OpenAI's streaming protocol, slow when a test needs time.
      command: 'exec node --import tsx e2e/llm-server.ts',
      url: `http://127.0.0.1:${E2E_LLM_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The registers citations are checked in: the ELI API and SAOS.
      command: 'exec node --import tsx e2e/legal-registers-server.ts',
      url: `${E2E_ELI_URL}/acts/DU/1964/93`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Every run starts from an empty embedded database. The folder is removed here, before
      // the server starts: a globalSetup would run after the server has opened it.
      command: `rm -rf '${E2E_DATA_DIR}' && exec node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`,
      url: `${E2E_URL}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_PORT),
        PUBLIC_URL: E2E_URL,
        DATA_DIR: E2E_DATA_DIR,
        CONTACT_EMAIL: E2E_CONTACT_EMAIL,
        LOG_LEVEL: 'warn',
        // Every test signs up from this one address.
        REGISTER_LIMIT_PER_HOUR: '1000',
        CODE_CHECKS_PER_IP: '2000',
        GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
        GOOGLE_ISSUER_URL: E2E_OIDC_ISSUER,
        LEGAL_ELI_URL: E2E_ELI_URL,
        LEGAL_SAOS_URL: E2E_SAOS_URL,
        OPENAI_BASE_URL: `http://127.0.0.1:${E2E_LLM_PORT}/v1`,
        OPENAI_API_KEY: 'e2e-key',
        // The demo stays first, so tests that do not pick a model talk to it.
        MODELS: `demo:themis-demo,openai:${E2E_LLM_MODEL}=${E2E_LLM_MODEL_NAME}`,
      },
    },
  ],
});
