// What other modules use of this one: they import it from here, never its files.
export { documentsText, loadAttachmentsForModel, readForModel } from './attachments-for-model';
export type { AttachmentsForModel } from './attachments-for-model';
export { tooManyFiles } from './attachments.service';
