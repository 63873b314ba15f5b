import type { Language } from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requireUserRow } from '../../repos/users.repo';
import { consumeCode, countCodeCall, issueCode } from '../auth/codes.service';

/**
 * The owner's e-mailed confirmation of an irreversible step: without `code` one is sent
 * ('code_sent', under the resend cooldown); with it, it is checked and used up ('confirmed')
 * under the code limits, or the call throws.
 */
export async function confirmWithOwnerCode(options: {
  ctx: AppContext;
  userId: string;
  ip: string;
  kind: 'ORGANIZATION_OWNERSHIP_TRANSFER' | 'ORGANIZATION_DELETE';
  code: string | undefined;
}): Promise<'code_sent' | 'confirmed'> {
  const { ctx, kind, code } = options;
  const owner = await requireUserRow(ctx.db, options.userId);
  if (code === undefined) {
    const issued = await issueCode({
      db: ctx.db,
      codeKey: ctx.keys.codeKey,
      now: ctx.now(),
      userId: owner.id,
      kind,
      enforceCooldown: true,
    });
    await ctx.queueMail({
      to: owner.email,
      language: owner.language as Language,
      template: { kind: 'verification_code', purpose: kind, code: issued },
    });
    return 'code_sent';
  }
  await countCodeCall(ctx, options.ip);
  await consumeCode({
    db: ctx.db,
    codeKey: ctx.keys.codeKey,
    limiter: ctx.limiter,
    now: ctx.now(),
    userId: owner.id,
    kind,
    code,
  });
  return 'confirmed';
}
