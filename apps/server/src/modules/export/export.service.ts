import sharp from 'sharp';
import { displayName, type ExportFormat, type Language } from '@themis/shared';
import { requireExportAllowed } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { RateLimitedError } from '../../errors';
import type { LlmGateway } from '../../platform/llm/llm';
import { requireUserRow } from '../../repos/users.repo';
import { recordAudit, type AuditOrigin } from '../audit';
import { transcriptForExport } from '../conversations';
import { storedLegalSourceChecks } from '../legal-sources';
import { readSharedCopy } from '../sharing';
import {
  buildExportDocument,
  citedKeys,
  type ExportDocument,
  type ExportMessageInput,
} from './export-document';
import { exportFileName } from './export-filename';
import { findLetterheadOrganization } from './export.repo';
import { renderInThread } from './render-pool';

/** Files one user may make in a minute: a document for the case file now and then. */
const EXPORTS_PER_USER = { limit: 10, windowMs: 60_000 };
const LOGO_PX = 96;

export interface ExportedFile {
  fileName: string;
  format: ExportFormat;
  bytes: Buffer;
}

interface ExportRequest {
  ctx: AppContext;
  llm: LlmGateway;
  actor: UserActor;
  format: ExportFormat;
  timeZone: string;
  /** The page's language; the account's when absent. */
  language: Language | undefined;
  origin: AuditOrigin;
}

async function countExport(ctx: AppContext, actor: UserActor) {
  const counted = await ctx.limiter.hit(`export:user:${actor.userId}`, EXPORTS_PER_USER);
  if (!counted.allowed) throw new RateLimitedError(counted.retryAfterS);
}

/** A member's export is an entry of their organization's audit log: what, which, never its text. */
async function recordExport(
  request: ExportRequest,
  target: { type: 'conversation' | 'shared_link'; id: string },
) {
  const { ctx, actor } = request;
  if (actor.organizationId === null) return;
  await recordAudit({
    db: ctx.db,
    now: ctx.now(),
    log: { organizationId: actor.organizationId },
    actorUserId: actor.userId,
    action: 'conversation.exported',
    target,
    origin: request.origin,
    details: { format: request.format },
  });
}

/** The organization's name and logo in its context; the user's name in their own. */
async function letterheadOf(
  ctx: AppContext,
  actor: UserActor,
  userName: string,
): Promise<ExportDocument['letterhead']> {
  if (actor.organizationId === null) return { name: userName, logo: null };
  const organization = await findLetterheadOrganization(ctx.db, actor.organizationId);
  if (!organization) return { name: userName, logo: null };
  const stored = organization.logoKey ? await ctx.storage.get(organization.logoKey) : null;
  // Stored as webp, which neither Word nor PDF shows: made a small PNG in memory.
  const logo = stored
    ? await sharp(stored.bytes).resize(LOGO_PX, LOGO_PX, { fit: 'inside' }).png().toBuffer()
    : null;
  return { name: organization.name, logo };
}

async function exportMessages(
  request: ExportRequest,
  source: { title: string; shared: boolean; messages: ExportMessageInput[] },
): Promise<ExportedFile> {
  const { ctx, actor, format } = request;
  const user = await requireUserRow(ctx.db, actor.userId);
  const name = displayName(user);
  const mode = ctx.config.legalSources.mode;
  const [letterhead, checks, models] = await Promise.all([
    letterheadOf(ctx, actor, name),
    mode === 'verify'
      ? storedLegalSourceChecks(ctx.db, citedKeys(source.messages))
      : Promise.resolve(new Map()),
    request.llm.listModels(),
  ]);
  const names = new Map(models.map((model) => [model.id, model.display_name]));
  const now = ctx.now();
  const doc = buildExportDocument({
    language: request.language ?? (user.language as Language),
    timeZone: request.timeZone,
    now,
    title: source.title,
    letterhead,
    exportedBy: name === user.email ? name : `${name} <${user.email}>`,
    shared: source.shared,
    mode,
    checks,
    modelName: (id) => names.get(id) ?? id,
    messages: source.messages,
  });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: request.timeZone }).format(now);
  return {
    fileName: exportFileName({ name: doc.title, day, format }),
    format,
    bytes: await renderInThread(doc, format),
  };
}

/**
 * The actor's conversation as a file, as it is shown: readable only where it may be read (an
 * encrypted one in a session that has it unlocked), built in memory and never stored.
 */
export async function exportConversation(
  request: ExportRequest & { conversationId: string },
): Promise<ExportedFile> {
  const { ctx, actor } = request;
  await requireExportAllowed({ db: ctx.db, actor });
  await countExport(ctx, actor);
  const transcript = await transcriptForExport({
    db: ctx.db,
    unlockedKeys: ctx.unlockedKeys,
    actor,
    conversationId: request.conversationId,
  });
  const file = await exportMessages(request, {
    title: transcript.name,
    shared: false,
    messages: transcript.messages.map((message) => ({
      ...message,
      attachments: message.attachments.map((attached) => attached.filename),
    })),
  });
  await recordExport(request, { type: 'conversation', id: request.conversationId });
  return file;
}

/** What a shared link shows (the copy taken when it was shared), for a visitor it opens to. */
export async function exportSharedConversation(
  request: ExportRequest & { ip: string; secret: string },
): Promise<ExportedFile> {
  const { ctx, actor } = request;
  const { share, rows } = await readSharedCopy({
    ctx,
    actor,
    ip: request.ip,
    secret: request.secret,
  });
  await requireExportAllowed({ db: ctx.db, actor, link: share });
  await countExport(ctx, actor);
  const file = await exportMessages(request, {
    title: share.name,
    shared: true,
    messages: rows.map((row) => ({
      role: row.role,
      content: row.content,
      status: row.status,
      createdAt: row.createdAt,
      modelId: row.modelId,
      attachments: row.attachments.map((attached) => attached.filename),
    })),
  });
  await recordExport(request, { type: 'shared_link', id: share.id });
  return file;
}
