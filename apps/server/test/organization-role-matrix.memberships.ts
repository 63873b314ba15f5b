import {
  FORBIDDEN,
  json,
  NOT_FOUND,
  UNAUTHORIZED,
  type Row,
} from './organization-role-matrix.types';

/** Its memberships: the lists, roles, the ownership and leaving or removing. */
export const MEMBERSHIP_ROWS: Row[] = [
  {
    route: 'GET /api/organization/membership/list/:organization_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/membership/list/${f.organization}`,
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
  {
    route: 'GET /api/organization/membership/stats/:organization_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/membership/stats/${f.organization}`,
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
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the observer's role; the observer's cell is their own",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('observer')}`, {
        role: 'MEMBER',
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
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the member's role; the member's cell is their own",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('member')}`, {
        role: 'OBSERVER',
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
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the admin's role; the admin's cell is their own",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('admin')}`, {
        role: 'MEMBER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      // An admin may step down (to member or observer) as they may leave.
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "another admin's role",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('otherAdmin')}`, {
        role: 'MEMBER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 200,
    },
  },
  // The owner's role never changes here: ownership moves by transfer.
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the owner's role",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('owner')}`, {
        role: 'ADMIN',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: FORBIDDEN,
    },
  },
  // Without a code it only e-mails one to the owner (202). The target is the member, so the
  // member's cell is someone asking for the ownership themselves.
  {
    route: 'PUT /api/organization/membership/transfer-ownership',
    request: async (f) =>
      json('PUT', '/api/organization/membership/transfer-ownership', {
        membership_pk: await f.membership('member'),
      }),
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
  // Anyone but the owner may leave; managers remove members and observers, the owner admins.
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the observer, who may leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('observer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: 200,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the member, who may leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('member')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the admin, who may leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('admin')}`,
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
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'another admin',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('otherAdmin')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the owner, who may not leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('owner')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: FORBIDDEN,
    },
  },
  // Only one's own membership: the member's cell is theirs, everyone else's is not found.
  {
    route: 'POST /api/organization/membership/enable-encryption/:membership_pk',
    target: "the member's own; they have no PIN or password yet",
    request: async (f) =>
      json(
        'POST',
        `/api/organization/membership/enable-encryption/${await f.membership('member')}`,
        {},
      ),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: NOT_FOUND,
      member: '400 encryption_key_missing',
      admin: NOT_FOUND,
      owner: NOT_FOUND,
    },
  },
  {
    route: 'POST /api/organization/membership/disable-encryption/:membership_pk',
    target: "the member's own",
    consumes: true,
    request: async (f) =>
      json(
        'POST',
        `/api/organization/membership/disable-encryption/${await f.membership('member')}`,
        { encrypted_conversations_action: 'DELETE' },
      ),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: NOT_FOUND,
      member: 200,
      admin: NOT_FOUND,
      owner: NOT_FOUND,
    },
  },
];
