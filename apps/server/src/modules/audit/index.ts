// What other modules use of this one: they import it from here, never its files.
export { deleteOrganizationEntries } from './audit.repo';
export { recordAudit, verifyAuditLog, type AuditOrigin } from './audit.service';
