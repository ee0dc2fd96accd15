// A comment's files as read under its text: an image as a small preview, any file as its name and
// size linking to the download (the file session's cookie lets links and <img> load it). Adding and
// removing happens while the comment is edited (./comment-composer, the attachment kit).
import type { CommentAttachment } from '../contract/comments';
import { formatBytes, isPreviewable } from './attachment-drop';

export function CommentFiles({ attachments }: { attachments: readonly CommentAttachment[] }) {
  return (
    <ul className="comment__files" aria-label="Files">
      {attachments.map((file) => (
        <li key={file.id} className="comment__file">
          <a href={file.download_url} download={file.file_name} className="comment__file-link">
            {isPreviewable(file.content_type) ? (
              <img className="comment__file-preview" src={file.download_url} alt="" loading="lazy" />
            ) : (
              <span className="comment__file-kind" aria-hidden="true">
                {fileKind(file.file_name)}
              </span>
            )}
            <span className="comment__file-name">{file.file_name}</span>
            {file.file_size !== null && file.file_size !== undefined ? (
              <span className="comment__file-size">{formatBytes(file.file_size)}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

const fileKind = (name: string): string => (/\.([a-z0-9]{1,5})$/i.exec(name)?.[1] ?? 'file').toUpperCase();
