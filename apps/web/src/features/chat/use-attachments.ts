import type { ErrorCode } from '@themis/shared';
import { useCallback, useRef, useState } from 'react';
import { errorCode } from '../../app/api/error-message';
import { useDeleteAttachmentMutation, useUploadAttachmentMutation } from './api';
import { checkFiles } from './attachment-rules';

export interface PendingFile {
  id: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  attachmentPk?: string;
}

export interface AttachmentsOptions {
  /** The conversation to upload into, created first when there is none yet. */
  ensureConversation: () => Promise<string | undefined>;
  onError: (code: ErrorCode | 'unknown') => void;
}

let nextId = 0;

/** Files for the next question, uploaded as soon as they are chosen. */
export function useAttachments({ ensureConversation, onError }: AttachmentsOptions) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const count = useRef(0);
  const [upload] = useUploadAttachmentMutation();
  const [deleteAttachment] = useDeleteAttachmentMutation();

  const update = useCallback((id: string, change: Partial<PendingFile>) => {
    setFiles((current) => current.map((file) => (file.id === id ? { ...file, ...change } : file)));
  }, []);

  async function add(chosen: File[]) {
    const { accepted, error } = checkFiles(chosen, count.current);
    if (error) onError(error);
    if (accepted.length === 0) return;
    const added = accepted.map((file) => ({
      file,
      pending: { id: `file-${(nextId += 1)}`, name: file.name, status: 'uploading' as const },
    }));
    count.current += added.length;
    setFiles((current) => [...current, ...added.map(({ pending }) => pending)]);
    const conversationPk = await ensureConversation();
    await Promise.all(
      added.map(async ({ file, pending }) => {
        if (!conversationPk) {
          update(pending.id, { status: 'error' });
          return;
        }
        try {
          const attachment = await upload({ conversationPk, file }).unwrap();
          update(pending.id, { status: 'done', attachmentPk: attachment.pk });
        } catch (uploadError) {
          update(pending.id, { status: 'error' });
          onError(errorCode(uploadError) ?? 'unknown');
        }
      }),
    );
  }

  function remove(id: string) {
    const file = files.find((candidate) => candidate.id === id);
    count.current = Math.max(0, count.current - 1);
    setFiles((current) => current.filter((candidate) => candidate.id !== id));
    if (file?.attachmentPk) void deleteAttachment(file.attachmentPk);
  }

  function clear() {
    count.current = 0;
    setFiles([]);
  }

  /** A refused question's files, back for the next try unless others were chosen since. */
  const restore = useCallback((kept: PendingFile[]) => {
    if (kept.length === 0) return;
    setFiles((current) => {
      if (current.length > 0) return current;
      count.current = kept.length;
      return kept;
    });
  }, []);

  const uploaded = files.flatMap((file) =>
    file.attachmentPk ? [{ pk: file.attachmentPk, filename: file.name }] : [],
  );
  return { files, add, remove, clear, restore, uploaded };
}
