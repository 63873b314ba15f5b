import { screen } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG } from '@themis/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute, signedOut } from '../../../test/fake-api';

const { GOOGLE_LOGIN_URL } = vi.hoisted(() => ({
  GOOGLE_LOGIN_URL: 'https://themis.test/api/auth/login/google',
}));

vi.mock('../../../app/runtime-config', () => ({
  runtimeConfig: () => ({ ...DEFAULT_RUNTIME_CONFIG, googleLoginUrl: GOOGLE_LOGIN_URL }),
}));

describe('login with Google', () => {
  it('is a plain link to the configured URL', async () => {
    fakeApi(signedOut);
    renderRoute('/login');
    const google = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(google.getAttribute('href')).toBe(GOOGLE_LOGIN_URL);
  });
});
