// A browser that signed in to Themis: the access cookie, and the note the web app keeps of
// having had a session (with it, a signed-in page's code loads beside the session check).

/** Playwright's storageState for a context signed in at `base` with `access`. */
export function signedInState(base, access) {
  return {
    cookies: [
      {
        name: 'access',
        value: access,
        domain: new URL(base).hostname,
        path: '/',
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [{ origin: base, localStorage: [{ name: 'themis.hadSession', value: '1' }] }],
  };
}
