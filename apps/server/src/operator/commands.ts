import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Database } from '../db/client';
import {
  cancelScheduledMaintenance,
  endMaintenance,
  findRelevantWindow,
  MaintenanceInputError,
  presentMaintenanceStatus,
  scheduleMaintenance,
  startMaintenance,
} from '../modules/maintenance/maintenance.service';
import type { Config } from '../config';
import type { BillingContext } from '../modules/billing/billing-context';
import { setPlanByHand } from '../modules/billing/subscription-cancel.service';
import { queueMail } from '../platform/mail/mail-queue';
import { createPayments } from '../platform/payments/create-payments';
import {
  cancelDeletion,
  listPendingDeletions,
} from '../modules/organizations/organization-deletion.service';
import { isUuid } from '../ids';
import { verifyAuditLog } from '../modules/audit';

export const USAGE = `Usage: npm run themis -- <command>

  maintenance on [--until TIME] [--message-en TEXT] [--message-pl TEXT]
      Turn maintenance on now (until switched off, or until TIME).
  maintenance off
      End the maintenance that is on now. Scheduled windows stay.
  maintenance schedule --start TIME --end TIME [--message-en TEXT] [--message-pl TEXT]
      Schedule a window: users see a banner until it starts.
  maintenance cancel
      Remove every scheduled window that has not started.
  maintenance status
      Show the current or next window.
  organization pending-deletions
      List deleted organizations still within their 30-day grace period.
  organization cancel-deletion PK
      Restore a deleted organization within its grace period.
  audit verify PK
      Check the hash chain of an organization's audit log: how many entries it holds, or
      the first entry that does not follow the one before it.
  user set-plan EMAIL PLAN [--until TIME]
      Put a user on an individual plan (its code, name or id) by hand, as a manual grant
      shown in their subscription tab; it replaces any subscription and, with --until,
      ends then (back to Free).
  backup FILE [--force]
      Write the embedded database (copied by the running server, if one runs), the uploaded
      files kept in DATA_DIR/files and the generated app secret to FILE, a .tar.gz readable
      by its owner only; --force replaces an existing FILE. With DATABASE_URL set, use
      pg_dump instead (see docs/deployment.md).
  restore FILE [--force]
      Unpack a backup into DATA_DIR while no server runs on it. A DATA_DIR that holds data
      is refused; --force moves it aside to <DATA_DIR>.before-restore-<time> first. Start
      the server afterwards: it brings the database up to date.

TIME is an ISO 8601 date-time (2026-12-01T22:00:00Z) or an offset from now (+30m, +2h, +1d).`;

export class OperatorCommandError extends Error {
  override name = 'OperatorCommandError';
}

export interface OperatorResult {
  output: string;
  /** The maintenance state changed: cached status must be dropped. */
  changedMaintenance: boolean;
}

const OFFSET = /^\+(\d+)([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function parseTime(value: string, now: Date, flag: string): Date {
  const offset = OFFSET.exec(value);
  if (offset)
    return new Date(now.getTime() + Number(offset[1]) * UNIT_MS[offset[2] as keyof typeof UNIT_MS]);
  const isoLike = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
  const parsed = new Date(value);
  if (!isoLike.test(value) || Number.isNaN(parsed.getTime())) {
    throw new OperatorCommandError(
      `${flag}: "${value}" is not an ISO date-time with a zone or an offset like +2h`,
    );
  }
  return parsed;
}

function describe(status: ReturnType<typeof presentMaintenanceStatus>): string {
  if (!status.maintenance_start_time) return 'No maintenance is on or scheduled.';
  const end = status.maintenance_end_time ?? 'until switched off';
  const head = status.is_during_maintenance
    ? `Maintenance is ON since ${status.maintenance_start_time}, ends ${end}.`
    : `Maintenance is scheduled from ${status.maintenance_start_time} to ${end}.`;
  const messages = [
    `  en: ${status.message.en || '(none)'}`,
    `  pl: ${status.message.pl || '(none)'}`,
  ];
  return [head, ...messages].join('\n');
}

type ParseArgsOptions = NonNullable<ParseArgsConfig['options']>;

/** The command's words and flags; an unknown flag is the operator's mistake, not a crash. */
export function parseOperatorArgs<const T extends ParseArgsOptions>(args: string[], options: T) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new OperatorCommandError((error as Error).message);
  }
}

/** Runs one operator command against the database and returns what to print. */
export async function runOperatorCommand(options: {
  db: Database;
  config: Config;
  now: Date;
  args: string[];
}): Promise<OperatorResult> {
  const { db, now, config } = options;
  const parsed = parseOperatorArgs(options.args, {
    until: { type: 'string' },
    start: { type: 'string' },
    end: { type: 'string' },
    'message-en': { type: 'string' },
    'message-pl': { type: 'string' },
  });
  const { positionals, values } = parsed;
  const [group, action, ...extra] = positionals;
  if (group === 'organization') return runOrganizationCommand({ db, now, action, extra });
  if (group === 'audit') return runAuditCommand({ db, action, extra });
  if (group === 'user') {
    const { until, ...others } = values;
    if (Object.keys(others).length > 0) {
      throw new OperatorCommandError('user commands take only --until');
    }
    const ends = until ? parseTime(until, now, '--until') : null;
    if (ends && ends.getTime() <= now.getTime()) {
      throw new OperatorCommandError('--until must be in the future');
    }
    return runUserCommand({
      ctx: await operatorBillingContext(db, config, now),
      action,
      extra,
      until: ends,
    });
  }
  if (group !== 'maintenance' || !action || extra.length > 0)
    throw new OperatorCommandError('unknown command');
  const messages = { en: values['message-en'], pl: values['message-pl'] };
  try {
    switch (action) {
      case 'on': {
        const until = values.until ? parseTime(values.until, now, '--until') : undefined;
        await startMaintenance({ db, now, data: { until, messages } });
        break;
      }
      case 'off': {
        const ended = await endMaintenance({ db, now });
        return {
          output: ended ? 'Maintenance is off.' : 'Maintenance was not on.',
          changedMaintenance: ended > 0,
        };
      }
      case 'schedule': {
        if (!values.start || !values.end)
          throw new OperatorCommandError('schedule needs --start and --end');
        const startsAt = parseTime(values.start, now, '--start');
        const endsAt = parseTime(values.end, now, '--end');
        await scheduleMaintenance({ db, now, data: { startsAt, endsAt, messages } });
        break;
      }
      case 'cancel': {
        const removed = await cancelScheduledMaintenance({ db, now });
        return {
          output: `Removed ${removed} scheduled window(s).`,
          changedMaintenance: removed > 0,
        };
      }
      case 'status':
        return {
          output: describe(presentMaintenanceStatus(await findRelevantWindow({ db, now }), now)),
          changedMaintenance: false,
        };
      default:
        throw new OperatorCommandError(`unknown maintenance action "${action}"`);
    }
  } catch (error) {
    if (error instanceof MaintenanceInputError) throw new OperatorCommandError(error.message);
    throw error;
  }
  const status = presentMaintenanceStatus(await findRelevantWindow({ db, now }), now);
  return { output: describe(status), changedMaintenance: true };
}

async function runAuditCommand(options: {
  db: Database;
  action: string | undefined;
  extra: string[];
}): Promise<OperatorResult> {
  const [organizationId, ...more] = options.extra;
  if (options.action !== 'verify' || !organizationId || more.length > 0) {
    throw new OperatorCommandError('usage: audit verify PK');
  }
  if (!isUuid(organizationId)) throw new OperatorCommandError(`"${organizationId}" is not an id`);
  const { entries, broken } = await verifyAuditLog(options.db, { organizationId });
  if (broken) {
    throw new OperatorCommandError(
      `The audit log of ${organizationId} is broken at entry ${broken.id} ` +
        `(${broken.createdAt.toISOString()}): its ${broken.reason} does not match.`,
    );
  }
  return {
    output: `The audit log of ${organizationId} holds ${entries} entries; every one follows the one before it.`,
    changedMaintenance: false,
  };
}

async function runOrganizationCommand(options: {
  db: Database;
  now: Date;
  action: string | undefined;
  extra: string[];
}): Promise<OperatorResult> {
  const { db, now, action, extra } = options;
  if (action === 'pending-deletions' && extra.length === 0) {
    const pending = await listPendingDeletions(db);
    const lines = pending.map(
      (row) =>
        `${row.id}  ${row.name}  deleted ${row.deletedAt.toISOString()}, purged ${row.purgeAt.toISOString()}`,
    );
    return {
      output: lines.length > 0 ? lines.join('\n') : 'No organization is waiting to be purged.',
      changedMaintenance: false,
    };
  }
  if (action === 'cancel-deletion' && extra.length === 1) {
    const [organizationId] = extra as [string];
    if (!isUuid(organizationId)) {
      throw new OperatorCommandError(`"${organizationId}" is not an organization id`);
    }
    const outcome = await cancelDeletion({ db, now, organizationId });
    const output = {
      restored: `Organization ${organizationId} is active again.`,
      not_pending: `Organization ${organizationId} is not waiting to be purged.`,
      too_late: `Organization ${organizationId} is past its grace period and cannot be restored.`,
    }[outcome];
    if (outcome !== 'restored') throw new OperatorCommandError(output);
    return { output, changedMaintenance: false };
  }
  throw new OperatorCommandError('unknown organization command');
}

/** What the billing services need, outside the server: mail is queued for its worker. */
async function operatorBillingContext(
  db: Database,
  config: Config,
  now: Date,
): Promise<BillingContext> {
  return {
    db,
    config,
    now: () => now,
    payments: await createPayments(config, () => now),
    queueMail: (mail, tx) => queueMail(tx ?? db, mail, config.contactEmail),
    log: { warn: (_details, message) => console.error(`warning: ${message}`) },
  };
}

async function runUserCommand(options: {
  ctx: BillingContext;
  action: string | undefined;
  extra: string[];
  until: Date | null;
}): Promise<OperatorResult> {
  const { ctx, action, extra, until } = options;
  if (action === 'set-plan' && extra.length === 2) {
    const [email, plan] = extra as [string, string];
    const outcome = await setPlanByHand({ ctx, email, plan, until });
    if (outcome === 'no_user') throw new OperatorCommandError(`No user has the e-mail ${email}.`);
    if (outcome === 'no_plan') {
      throw new OperatorCommandError(`No individual plan is called "${plan}".`);
    }
    const ending = until && !outcome.isFree ? ` until ${until.toISOString()}` : '';
    return {
      output: `${email} is on the ${outcome.productName} plan${ending}.`,
      changedMaintenance: false,
    };
  }
  throw new OperatorCommandError('unknown user command');
}
