import { z } from 'zod';
import {
  INVITATION_EMAILS_MAX,
  ORGANIZATION_LIST_PAGE_MAX,
  ORGANIZATION_LIST_PAGE_SIZE,
  ORGANIZATION_NAME_LENGTH,
  ORGANIZATION_ROLES,
} from './rules';
import { ZEmail, ZVerificationCode } from './validation';

export const ZOrganizationRole = z.enum(ORGANIZATION_ROLES);

/** Organization name (spec §5): 2 to 50 characters. */
export const ZOrganizationName = z
  .string()
  .trim()
  .min(ORGANIZATION_NAME_LENGTH.min, 'validation.organizationNameMin')
  .max(ORGANIZATION_NAME_LENGTH.max, 'validation.nameMax');

/** An organization as its members see it (spec §3 Organization). */
export const ZOrganization = z
  .object({
    pk: z.string(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    co_members_count: z.number().int(),
    /** The role of the user who asks. */
    role: ZOrganizationRole,
    setting_visibility: z.object({
      invitation_panel_visible: z.boolean(),
      settings_panel_visible: z.boolean(),
    }),
    is_encryption_forced: z.boolean(),
    is_sharing_outside_allowed: z.boolean(),
    /** Whether its members (and visitors of its links) may export conversations. */
    is_export_allowed: z.boolean(),
    /** Model ids its members may use; null allows every model. */
    allowed_models: z.array(z.string()).nullable(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof ZOrganization>;

/** One of the user's memberships (spec §3 Membership), for the organization menu. */
export const ZMembership = z
  .object({
    pk: z.string(),
    organization: ZOrganization,
    role: ZOrganizationRole,
    is_encryption_enabled: z.boolean(),
    is_encryption_forced: z.boolean(),
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof ZMembership>;

export const ZMembershipList = z.array(ZMembership).meta({ id: 'MembershipList' });

/**
 * POST /organization/create as multipart form data: `name` and an optional `avatar` part
 * (png or jpeg, at most 5 MB). A JSON body with the name alone is accepted too.
 */
export const ZCreateOrganizationFields = z
  .object({ name: ZOrganizationName })
  .meta({ id: 'CreateOrganizationFields' });
export type CreateOrganizationFields = z.infer<typeof ZCreateOrganizationFields>;

export const ZCreateOrganizationResponse = z
  .object({ pk: z.string() })
  .meta({ id: 'CreateOrganizationResponse' });

/** POST /organization/switch-organization: null goes back to the individual context. */
export const ZSwitchOrganizationRequest = z
  .object({ organization_pk: z.uuid().nullable() })
  .meta({ id: 'SwitchOrganizationRequest' });
export type SwitchOrganizationRequest = z.infer<typeof ZSwitchOrganizationRequest>;

export const ZSwitchOrganizationResponse = z
  .object({ organization: ZOrganization.nullable() })
  .meta({ id: 'SwitchOrganizationResponse' });

export const INVITATION_TYPES = ['EMAIL'] as const;
export const ZInvitationType = z.enum(INVITATION_TYPES);
/** Roles an invitation may give: never OWNER (spec §6). */
export const ZInvitedRole = z.enum(['ADMIN', 'MEMBER', 'OBSERVER']);

/**
 * POST /organization/invitation/create/{organization_pk}: `role` for every address, unless
 * `user_roles` gives an address one of its own.
 */
export const ZInvitationCreateRequest = z
  .object({
    user_emails: z
      .array(ZEmail)
      .min(1, 'validation.required')
      .max(INVITATION_EMAILS_MAX, 'validation.invitationEmailsMax')
      .refine((emails) => new Set(emails).size === emails.length, 'validation.emailDuplicate'),
    role: ZInvitedRole.default('OBSERVER'),
    user_roles: z
      .record(ZEmail, ZInvitedRole)
      .refine((roles) => Object.keys(roles).length <= INVITATION_EMAILS_MAX, 'validation.invalid')
      .optional(),
  })
  .refine(
    ({ user_emails, user_roles }) =>
      Object.keys(user_roles ?? {}).every((email) => user_emails.includes(email)),
    { message: 'validation.invalid', path: ['user_roles'] },
  )
  .meta({ id: 'InvitationCreateRequest' });
export type InvitationCreateRequest = z.infer<typeof ZInvitationCreateRequest>;

/** An invitation as the organization's managers list it. */
export const ZInvitation = z
  .object({
    pk: z.string(),
    invitation_type: ZInvitationType,
    email: z.string(),
    role: ZInvitedRole,
    status: z.enum(['sent', 'accepted', 'declined', 'revoked']),
    /** Past it, a sent invitation can no longer be accepted (resending renews it). */
    expires_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof ZInvitation>;

/** Invitations just created (POST /organization/invitation/create/{organization_pk}). */
export const ZInvitationList = z.array(ZInvitation).meta({ id: 'InvitationList' });

/** GET /organization/invitation/list/{organization_pk}: a page, newest first. */
export const ZInvitationPage = z
  .object({ items: z.array(ZInvitation), next_cursor: z.string().nullable() })
  .meta({ id: 'InvitationPage' });
export type InvitationPage = z.infer<typeof ZInvitationPage>;

/**
 * A page of an organization's list: pass a page's `next_cursor` as `cursor` for the next one
 * (null on the last page). No component id, as for every query string (see ZMemberListQuery).
 */
const ZOrganizationListPage = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ORGANIZATION_LIST_PAGE_MAX)
    .default(ORGANIZATION_LIST_PAGE_SIZE),
});

/** An invitation as the invited person sees it (spec §2 accept, decline, mismatch). */
export const ZReceivedInvitation = z
  .object({
    pk: z.string(),
    invitation_type: ZInvitationType,
    organization: z.object({ pk: z.string(), name: z.string() }),
    role: ZInvitedRole,
    email: z.string(),
    /** Who invited: their name, or their e-mail without one; null once their account is gone. */
    invited_by: z.string().nullable(),
    /** False: the signed-in account is not the invited address (the mismatch state). */
    is_for_current_user: z.boolean(),
  })
  .meta({ id: 'ReceivedInvitation' });
export type ReceivedInvitation = z.infer<typeof ZReceivedInvitation>;

export const ZReceivedInvitationList = z
  .array(ZReceivedInvitation)
  .meta({ id: 'ReceivedInvitationList' });

/**
 * GET /organization/invitation/list/{organization_pk}: search in e-mails, a creation range,
 * and the page. No component id, as for every query string (see ZMemberListQuery).
 */
export const ZInvitationListQuery = ZOrganizationListPage.extend({
  search: z.string().trim().max(254).optional(),
  create_date_from: z.iso.date().optional(),
  create_date_to: z.iso.date().optional(),
});
export type InvitationListQuery = z.input<typeof ZInvitationListQuery>;

/** A member as the organization's managers see them (spec §3 Membership, co-workers tab). */
export const ZMember = z
  .object({
    pk: z.string(),
    user: z.object({
      pk: z.string(),
      name: z.string().nullable(),
      surname: z.string().nullable(),
      email: z.string(),
      avatar_url: z.string().nullable(),
    }),
    role: ZOrganizationRole,
    /** Tokens this member used in the organization this month (UTC). */
    usage: z.number().int(),
    date_added: z.string(),
    latest_activity: z.string().nullable(),
    is_encryption_enabled: z.boolean(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof ZMember>;

/** GET /organization/membership/list/{organization_pk}: a page, by date added (oldest first). */
export const ZMemberPage = z
  .object({ items: z.array(ZMember), next_cursor: z.string().nullable() })
  .meta({ id: 'MemberPage' });
export type MemberPage = z.infer<typeof ZMemberPage>;

/** Search in e-mails and names, and the page. */
// Query strings carry no component id: the OpenAPI generator cannot resolve one there.
export const ZMemberListQuery = ZOrganizationListPage.extend({
  search: z.string().trim().max(254).optional(),
});
export type MemberListQuery = z.input<typeof ZMemberListQuery>;

/** PUT /organization/membership/update/{membership_pk}: a new role, never OWNER. */
export const ZMembershipUpdateRequest = z
  .object({ role: ZInvitedRole })
  .meta({ id: 'MembershipUpdateRequest' });

/** GET /organization/membership/stats/{organization_pk}. */
export const ZMembershipStats = z
  .object({
    members_count: z.number().int(),
    roles: z.record(ZOrganizationRole, z.number().int()),
    month: z.string(),
    used_tokens: z.number().int(),
    limit_tokens: z.number().int(),
  })
  .meta({ id: 'MembershipStats' });
export type MembershipStats = z.infer<typeof ZMembershipStats>;

/** A form's yes or no: a boolean in JSON, 'true' or 'false' in multipart form data. */
const ZFormBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

/**
 * The allowed models: an array of model ids in JSON, the same as a JSON string in form data;
 * null (or an empty string in form data) allows every model.
 */
const ZAllowedModels = z.preprocess(
  (value) => {
    if (value === '') return null;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.array(z.string().min(1).max(200)).min(1, 'validation.required').max(100).nullable(),
);

/**
 * PUT /organization/update/{organization_pk} (spec §7 form data): every field optional;
 * an `avatar` part sets or removes the logo as on the account form.
 */
export const ZOrganizationUpdateFields = z
  .object({
    name: ZOrganizationName.optional(),
    allowed_models: ZAllowedModels.optional(),
    is_encryption_forced: ZFormBoolean.optional(),
    is_sharing_outside_allowed: ZFormBoolean.optional(),
    is_export_allowed: ZFormBoolean.optional(),
  })
  .meta({ id: 'OrganizationUpdateFields' });
export type OrganizationUpdateFields = z.infer<typeof ZOrganizationUpdateFields>;

/**
 * PUT /organization/membership/transfer-ownership: without a code, one is e-mailed to the
 * owner (202); with it, the member becomes OWNER and the owner ADMIN, irreversibly.
 */
export const ZTransferOwnershipRequest = z
  .object({ membership_pk: z.string(), verification_code: ZVerificationCode.optional() })
  .meta({ id: 'TransferOwnershipRequest' });
export type TransferOwnershipRequest = z.infer<typeof ZTransferOwnershipRequest>;

/** DELETE /organization/delete/{organization_pk}: without a code, one is e-mailed (202). */
export const ZOrganizationDeleteQuery = z.object({
  verification_code: ZVerificationCode.optional(),
});

/** The owner's confirmation form for a transfer or a deletion: the e-mailed code. */
export const ZOwnerCodeForm = z.object({ verification_code: ZVerificationCode });
