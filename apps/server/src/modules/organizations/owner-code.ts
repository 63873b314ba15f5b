import { displayName, type Language } from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requireUserRow } from '../../repos/users.repo';
import { consumeCode, countCodeCall, issueCode } from '../auth';
import { findOrganizationName } from './organizations.repo';

/** The step a code confirms: which organization, and for a transfer, the new owner. */
export interface OwnerStep {
  organizationId: string;
  newOwnerId?: string;
}

/**
 * The owner's e-mailed confirmation of an irreversible step: without `code` one is sent
 * ('code_sent', under the resend cooldown), naming the organization and the new owner; with
 * it, it is checked and used up ('confirmed') under the code limits, or the call throws. A
 * code confirms only the step it was sent for: another organization's, or a transfer to
 * someone else, takes it as a wrong code.
 */
export async function confirmWithOwnerCode(options: {
  ctx: AppContext;
  userId: string;
  ip: string;
  kind: 'ORGANIZATION_OWNERSHIP_TRANSFER' | 'ORGANIZATION_DELETE';
  step: OwnerStep;
  code: string | undefined;
}): Promise<'code_sent' | 'confirmed'> {
  const { ctx, kind, code, step } = options;
  const scope = [step.organizationId, step.newOwnerId].filter(Boolean).join(':');
  const owner = await requireUserRow(ctx.db, options.userId);
  if (code === undefined) {
    const issued = await issueCode({
      db: ctx.db,
      codeKey: ctx.keys.codeKey,
      now: ctx.now(),
      userId: owner.id,
      kind,
      scope,
      enforceCooldown: true,
    });
    const newOwner = step.newOwnerId && (await requireUserRow(ctx.db, step.newOwnerId));
    const about = {
      organization: (await findOrganizationName(ctx.db, step.organizationId)) ?? '',
      newOwner: newOwner ? displayName(newOwner) : undefined,
    };
    await ctx.queueMail({
      to: owner.email,
      language: owner.language as Language,
      template: { kind: 'verification_code', purpose: kind, code: issued, about },
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
    scope,
    code,
  });
  return 'confirmed';
}
