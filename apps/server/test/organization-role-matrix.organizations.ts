import {
  FORBIDDEN,
  json,
  NOT_FOUND,
  UNAUTHORIZED,
  type Row,
} from './organization-role-matrix.types';

/** The organization itself: founding it, the context one acts in, its details and logo. */
export const ORGANIZATION_ROWS: Row[] = [
  // Anyone signed in may found an organization (and then acts in it).
  {
    route: 'POST /api/organization/create',
    consumes: true,
    request: async () => json('POST', '/api/organization/create', { name: 'Nowa kancelaria' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 201,
      outsider: 201,
      observer: 201,
      member: 201,
      admin: 201,
      owner: 201,
    },
  },
  // The context each acts in: the outsider's is their own organization.
  {
    route: 'GET /api/organization/get-current',
    request: async () => ({ method: 'GET', url: '/api/organization/get-current' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: '400 no_current_organization',
      outsider: 200,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  // Every member already acts in it: switching again changes nothing but the activity time.
  {
    route: 'POST /api/organization/switch-organization',
    request: async (f) =>
      json('POST', '/api/organization/switch-organization', { organization_pk: f.organization }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'GET /api/organization/membership/user-list',
    request: async () => ({ method: 'GET', url: '/api/organization/membership/user-list' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: 200,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'PUT /api/organization/update/:organization_pk',
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/update/${f.organization}`, { name: 'Przemianowana' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  // Every offered model, to choose the allowed ones from: only for those who may change them.
  {
    route: 'GET /api/organization/model-choices/:organization_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/model-choices/${f.organization}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  // Without a code it only e-mails one to the owner (202); the code itself is not used here.
  {
    route: 'DELETE /api/organization/delete/:organization_pk',
    request: async (f) => ({ method: 'DELETE', url: `/api/organization/delete/${f.organization}` }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 202,
    },
  },
  {
    route: 'GET /api/organization/logo/:fileId',
    request: async (f) => ({ method: 'GET', url: `/api/organization/logo/${await f.logo()}` }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  ...(['force-encryption', 'voluntary-encryption'] as const).map((call): Row => ({
    route: `POST /api/organization/${call}/:organization_pk`,
    consumes: true,
    request: async (f) => json('POST', `/api/organization/${call}/${f.organization}`, {}),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  })),
];
