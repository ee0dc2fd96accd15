// The upload body reader: an attachment arrives as multipart/form-data with its bytes in the part
// `attachment[data]` (or a link in `attachment[file_url]` …), or as a JSON link. Unlike the one body
// reader (http/body.ts, which buffers whole bodies under the app's small body cap), a multipart
// upload is streamed from Node's request through busboy into a temporary file in the data
// directory while it is hashed (store/blob-files.ts), under its own per-file cap: memory stays flat
// whatever the file's size. app.ts lets multipart bodies of upload rows past its body limit.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { attachmentLinkBody, UPLOAD_PART } from '../../src/contract/attachments';
import type { AttachmentLinkInput } from '../../src/contract/attachments';
import { FieldProblems } from '../problems';
import { FileTooLarge, discardReceived, receiveFile } from '../store/blob-files';
import type { BlobFiles, ReceivedFile } from '../store/blob-files';
import { nodeRequest } from './body';
import { HttpError } from './errors';
import { readRecord } from './record';

export type UploadBody = { kind: 'file'; file: ReceivedFile; fileName: string | undefined } | { kind: 'link'; link: AttachmentLinkInput };

/** The link parts of a multipart body, as `attachment[<name>]`. */
const LINK_PARTS = ['file_url', 'content_type', 'file_name'] as const;
/** Text parts beyond these few are a malformed body: nothing else is read. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 8 * 1024;

/** Whether a request carries a multipart body (the streamed form). */
export function isMultipart(c: Context): boolean {
  return /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');
}

/**
 * Reads an attachment body: a streamed upload, or a link (JSON or multipart parts). Refusals:
 * 400 malformed, 413 naming `attachment[data]` over the cap (the temporary file is removed and the
 * rest of the body is discarded unread), 422 when neither a file nor a link is sent.
 */
export async function readUpload(c: Context, files: BlobFiles, part: string = UPLOAD_PART): Promise<UploadBody> {
  if (!isMultipart(c)) {
    const body = await readRecord(c, attachmentLinkBody);
    body.problems.throwIfAny();
    return { kind: 'link', link: body.data };
  }
  const { file, fields } = await readMultipart(c, files, part);
  const name = (part: string): string | undefined => fields.get(`attachment[${part}]`);
  if (file) return { kind: 'file', file, fileName: name('file_name') ?? file.clientName };
  if (LINK_PARTS.some((p) => name(p) !== undefined)) {
    return { kind: 'link', link: { file_url: name('file_url'), content_type: name('content_type'), file_name: name('file_name') } };
  }
  const problems = new FieldProblems();
  problems.add(UPLOAD_PART, "can't be blank: send the file in attachment[data], or a link in attachment[file_url]");
  problems.throwIfAny();
  throw new Error('unreachable');
}

interface Parsed {
  file: (ReceivedFile & { clientName: string | undefined }) | null;
  fields: Map<string, string>;
}

/** The request's bytes as a Node stream: Node's own request, or the platform's body (`app.fetch`). */
function source(c: Context): Readable {
  const incoming = nodeRequest(c);
  if (incoming) return incoming;
  const body = c.req.raw.body;
  if (!body) throw new HttpError(400, 'Malformed multipart/form-data body: it is empty');
  return Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>);
}

/** The file is read from the part `part` (`attachment[data]`; the portal's form names it `file`). */
function readMultipart(c: Context, files: BlobFiles, part: string): Promise<Parsed> {
  const input = source(c);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      // Browsers send a file's name as UTF-8 bytes (busboy's default reads them as Latin-1).
      defParamCharset: 'utf8',
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    });
  } catch {
    throw new HttpError(400, 'Malformed multipart/form-data body: no boundary');
  }
  return new Promise<Parsed>((resolve, reject) => {
    const fields = new Map<string, string>();
    let receiving: Promise<ReceivedFile & { clientName: string | undefined }> | null = null;
    let settled = false;
    const fail = (err: unknown): void => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      // The rest of the body is read and thrown away, so the answer reaches a client still sending.
      input.resume();
      // Ends a file still streaming, whose temporary file receiveFile then removes.
      parser.destroy();
      // A file already received is not kept either.
      void receiving?.then(discardReceived, () => undefined);
      reject(err);
    };
    parser.on('file', (name, stream, info) => {
      if (name !== part || receiving) {
        stream.resume();
        return;
      }
      receiving = receiveFile(files, stream).then((received) => ({ ...received, clientName: clientFileName(info.filename) }));
      receiving.catch((err: unknown) => fail(err instanceof FileTooLarge ? tooLarge(err.maxBytes) : err));
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(400, `Form field ${name.slice(0, 100)} is longer than ${MAX_FIELD_BYTES} bytes`));
      else fields.set(name, value);
    });
    parser.on('filesLimit', () => fail(new HttpError(400, `Send one file per request, in ${UPLOAD_PART}`)));
    parser.on('fieldsLimit', () => fail(new HttpError(400, `A form takes at most ${MAX_FIELDS} fields`)));
    parser.on('partsLimit', () => fail(new HttpError(400, `A form takes at most ${MAX_FIELDS + 1} parts`)));
    parser.on('error', (err: Error) => fail(new HttpError(400, `Malformed multipart/form-data body: ${err.message}`)));
    parser.on('close', () => {
      if (settled) return;
      Promise.resolve(receiving).then((file) => {
        if (settled) return;
        settled = true;
        resolve({ file, fields });
      }, fail);
    });
    // The client went away before the whole body arrived: nothing of it is kept.
    input.on('close', () => {
      if (!settled && 'complete' in input && input.complete === false) fail(new HttpError(400, 'The upload was not received in full'));
    });
    input.on('error', (err) => fail(new HttpError(400, `The upload was not received in full: ${err.message}`)));
    input.pipe(parser);
  });
}

/**
 * The name a browser gave the file: the HTML form encoding escapes `"`, CR and LF in it as `%22`,
 * `%0D`, `%0A` (and nothing else), so those are read back.
 */
function clientFileName(name: string | undefined): string | undefined {
  return name?.replace(/%22/g, '"').replace(/%0D|%0A/gi, ' ');
}

function tooLarge(maxBytes: number): HttpError {
  const mb = maxBytes / (1024 * 1024);
  const limit = mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${maxBytes} bytes`;
  return new HttpError(413, `${UPLOAD_PART} is too large (at most ${limit})`, { [UPLOAD_PART]: [`is too large (at most ${limit})`] });
}
