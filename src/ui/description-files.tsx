// The files of a record's description on its page: the attachment kit (./attachment-drop) wired to
// the record's upload and delete hooks, so the record (its `description.attachments`) refreshes
// through the invalidation graph after each. Notes, features, epics and ideas share it.
import { useEffect, useState } from 'react';
import { deleteHookFor, maxUploadBytes, uploadHookFor, type AttachmentOwner } from '../api/attachments';
import type { RecordKind } from '../api/keys';
import { AttachmentDrop, type AttachedFile } from './attachment-drop';

export interface DescriptionFilesProps {
  /** The record's kind in the key registry (`feature` …): what refreshes after a change. */
  kind: RecordKind;
  owner: AttachmentOwner;
  attachments: readonly AttachedFile[] | undefined;
}

/** The per-file cap, once the file session has told it. */
export function useMaxUploadBytes(): number | null {
  const [max, setMax] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void maxUploadBytes().then((value) => {
      if (live) setMax(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return max;
}

export function DescriptionFiles({ kind, owner, attachments }: DescriptionFilesProps) {
  const upload = uploadHookFor(kind)(owner);
  const remove = deleteHookFor(kind)();
  const maxBytes = useMaxUploadBytes();
  return (
    <AttachmentDrop
      attachments={attachments ?? []}
      maxBytes={maxBytes}
      upload={(file, onProgress, signal) => upload.mutateAsync({ file, onProgress, signal })}
      remove={(file) => remove.mutateAsync(file.id)}
    />
  );
}
