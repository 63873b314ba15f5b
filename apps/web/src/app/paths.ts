/** Route paths in one place, so links and the router never drift apart. */
export const paths = {
  root: '/',
  chat: '/chat',
  login: '/login',
} as const;
