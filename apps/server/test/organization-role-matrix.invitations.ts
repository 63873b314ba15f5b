import { uniqueEmail } from './accounts';
import {
  FORBIDDEN,
  json,
  NO_INVITATION,
  NOT_FOUND,
  NOT_YOURS,
  UNAUTHORIZED,
  type Row,
} from './organization-role-matrix.types';

/** Its invitations: sending and managing them, and answering one. */
export const INVITATION_ROWS: Row[] = [
  {
    route: 'POST /api/organization/invitation/create/:organization_pk',
    consumes: true,
    request: async (f) =>
      json('POST', `/api/organization/invitation/create/${f.organization}`, {
        user_emails: [uniqueEmail('invited')],
        role: 'MEMBER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 201,
      owner: 201,
    },
  },
  {
    route: 'GET /api/organization/invitation/list/:organization_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/invitation/list/${f.organization}`,
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
  // Resending renews the invitation (and may be done once a minute).
  {
    route: 'POST /api/organization/invitation/resend-email/:invitation_type/:invitation_pk',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/resend-email/EMAIL/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NO_INVITATION,
      outsider: NO_INVITATION,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/invitation/delete/:invitation_type/:invitation_pk',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/invitation/delete/EMAIL/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NO_INVITATION,
      outsider: NO_INVITATION,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  // An invitation link is a capability: any signed-in account sees it (and that it is not theirs).
  {
    route: 'GET /api/organization/invitation/get/:invitation_type/:invitation_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/invitation/get/EMAIL/${await f.invitation('newcomer')}`,
    }),
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
    route: 'GET /api/organization/invitation/list',
    request: async () => ({ method: 'GET', url: '/api/organization/invitation/list' }),
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
  // Only the invited address answers: not even the organization's managers for it.
  {
    route: 'POST /api/organization/invitation/accept/:invitation_pk',
    target: 'an invitation to a new address',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/accept/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_YOURS,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  {
    route: 'POST /api/organization/invitation/accept/:invitation_pk',
    target: 'an invitation to the stranger',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/accept/${await f.invitation('stranger')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  // A member of one organization may join another.
  {
    route: 'POST /api/organization/invitation/accept/:invitation_pk',
    target: 'an invitation to the outsider',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/accept/${await f.invitation('outsider')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_YOURS,
      outsider: 200,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  {
    route: 'POST /api/organization/invitation/decline/:invitation_pk',
    target: 'an invitation to a new address',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/decline/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_YOURS,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  {
    route: 'POST /api/organization/invitation/decline/:invitation_pk',
    target: 'an invitation to the stranger',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/decline/${await f.invitation('stranger')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
];
