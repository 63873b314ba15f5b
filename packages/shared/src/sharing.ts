import { z } from 'zod';
import { MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE, MESSAGE_ROLES, MESSAGE_STATUSES } from './chat-rules';
import { SHARE_ROUTE_ROOT, WEEK_MS } from './constants';

const ZIsoDate = z.iso.datetime({ offset: true });

const DAY_MS = 86_400_000;
/** How long a new link stays open (spec §9: a week by default); null never expires. */
export const SHARE_EXPIRY_CHOICES = [DAY_MS, WEEK_MS, 30 * DAY_MS, null] as const;
export const SHARE_EXPIRY_DEFAULT = WEEK_MS;
/** The visitors a link manager row shows as avatars before "+N" (spec §9). */
export const SHARE_VISITOR_AVATARS = 3;
export const SHARE_LIST_PAGE_SIZE = 25;
export const SHARE_LIST_PAGE_MAX = 100;

export const SHARED_LINK_STATUSES = ['active', 'expired', 'disabled'] as const;
export type SharedLinkStatus = (typeof SHARED_LINK_STATUSES)[number];

/**
 * POST /conversation/share/create/{conversation_pk}: shares the conversation as it is now,
 * or updates its link (same address) to what it is now. An encrypted conversation is shared
 * only with `decrypt_confirmed`: the shared copy is stored readable. The same body enables a
 * disabled link again (POST /conversation/share/enable/{conversationShareId}).
 */
export const ZShareCreateRequest = z
  .object({
    expires_in_ms: z
      .union([z.literal(DAY_MS), z.literal(WEEK_MS), z.literal(30 * DAY_MS), z.null()])
      .default(SHARE_EXPIRY_DEFAULT),
    decrypt_confirmed: z.boolean().default(false),
  })
  .meta({ id: 'ShareCreateRequest' });
export type ShareCreateRequest = z.input<typeof ZShareCreateRequest>;

/** Someone as a link shows them: never an e-mail address. */
export const ZSharePerson = z
  .object({ full_name: z.string().nullable(), avatar_url: z.string().nullable() })
  .meta({ id: 'SharePerson' });
export type SharePerson = z.infer<typeof ZSharePerson>;

/** A shared link as its owner sees it (spec §3 Shared link). */
export const ZSharedLink = z
  .object({
    /** The conversationShareId that disables and deletes it. */
    pk: z.string(),
    conversation_pk: z.string(),
    /** The name when it was shared. */
    conversation_name: z.string(),
    created_at: ZIsoDate,
    /** When it was last shared (sharing again updates it). */
    shared_at: ZIsoDate,
    /** null: never expires. */
    expired_at: ZIsoDate.nullable(),
    status: z.enum(SHARED_LINK_STATUSES),
    /** The whole link: the app's address, the share route and the secret. */
    shared_key: z.string(),
    /** The first visitors, earliest first. */
    users: z.array(ZSharePerson),
    visitors_count: z.number().int(),
    message_count: z.number().int(),
  })
  .meta({ id: 'SharedLink' });
export type SharedLink = z.infer<typeof ZSharedLink>;

export const ZSharedLinkPage = z
  .object({ items: z.array(ZSharedLink), next_cursor: z.string().nullable() })
  .meta({ id: 'SharedLinkPage' });
export type SharedLinkPage = z.infer<typeof ZSharedLinkPage>;

export const ZSharedLinkListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SHARE_LIST_PAGE_MAX).default(SHARE_LIST_PAGE_SIZE),
  /** Disabled links are hidden (spec §2) unless their owner asks to see them. */
  include_disabled: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** GET /conversation/share/access_token?conversation_pk=: the conversation's open link. */
export const ZShareLookupQuery = z.object({ conversation_pk: z.uuid() });

/** GET /conversation/share/verify/{secret}: what a visitor may see of the link. */
export const ZSharedConversation = z
  .object({
    name: z.string(),
    owner: ZSharePerson,
    shared_at: ZIsoDate,
    expired_at: ZIsoDate.nullable(),
    message_count: z.number().int(),
    /** The visitor is the one who shared it. */
    is_owner: z.boolean(),
  })
  .meta({ id: 'SharedConversation' });
export type SharedConversation = z.infer<typeof ZSharedConversation>;

/** A shared message: its text, and of its files only their names. */
export const ZSharedMessage = z
  .object({
    /** 1 for the first message of the shared conversation. */
    position: z.number().int(),
    role: z.enum(MESSAGE_ROLES),
    content: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    error_code: z.enum(['message_generating_error']).nullable(),
    model_id: z.string().nullable(),
    attachments: z.array(z.object({ filename: z.string(), media_type: z.string() })),
    created_at: ZIsoDate,
  })
  .meta({ id: 'SharedMessage' });
export type SharedMessage = z.infer<typeof ZSharedMessage>;

/** GET /conversation/share/list-messages/{secret}?after=&limit=: oldest first. */
export const ZSharedMessageQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});
export type SharedMessageQuery = z.input<typeof ZSharedMessageQuery>;

export const ZSharedMessagePage = z
  .object({ items: z.array(ZSharedMessage), has_more: z.boolean() })
  .meta({ id: 'SharedMessagePage' });
export type SharedMessagePage = z.infer<typeof ZSharedMessagePage>;

/** POST /conversation/share/continue/{secret}: the visitor's new conversation. */
export const ZShareContinueResponse = z
  .object({ conversation_pk: z.string() })
  .meta({ id: 'ShareContinueResponse' });
export type ShareContinueResponse = z.infer<typeof ZShareContinueResponse>;

/** The link of a secret as the web app builds it. */
export const sharedLinkUrl = (publicUrl: string, secret: string) =>
  `${publicUrl.replace(/\/+$/, '')}${SHARE_ROUTE_ROOT}${secret}`;
