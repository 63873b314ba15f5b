// What other modules use of this one: they import it from here, never its files.
export {
  createConversationFromTranscript,
  transcriptForExport,
  transcriptForSharing,
} from './transcript';
export type { Transcript } from './transcript';
