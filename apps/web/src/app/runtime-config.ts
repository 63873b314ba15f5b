import { DEFAULT_RUNTIME_CONFIG, isRuntimeConfig, type RuntimeConfig } from '@themis/shared';

declare global {
  interface Window {
    /** Injected into index.html by the server at page load. */
    __APP_CONFIG__?: unknown;
  }
}

/** Validates an injected config object; anything missing or invalid falls back to the defaults. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (raw === undefined) return DEFAULT_RUNTIME_CONFIG;
  if (isRuntimeConfig(raw)) return raw;
  console.error('Invalid window.__APP_CONFIG__, using defaults');
  return DEFAULT_RUNTIME_CONFIG;
}

let cached: RuntimeConfig | undefined;

/** The runtime config of this page load, read once from `window.__APP_CONFIG__`. */
export function runtimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__);
  return cached;
}
