// Uploaded files on disk, content-addressed: a file is named by the SHA-256 of its bytes
// (`<dataDir>/blobs/ab/abcdef…`), so the same bytes are stored once however many attachments
// share them. A file arrives as a stream into a temporary file in the same folder tree while it is
// hashed (never held whole in memory), is synced, and is then renamed into place — or dropped when
// its blob is already there. Which blobs are still wanted is the database's business
// (store/attachments.ts); this module only moves bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from './file-types';

/** Where blobs live and the per-file cap of an upload. */
export interface BlobFiles {
  /** `<dataDir>/blobs` */
  dir: string;
  /** Temporary files of uploads in progress (same file system as `dir`, so a rename is atomic). */
  tmpDir: string;
  maxUploadBytes: number;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** The blob folders of a data directory (made when missing). */
export function blobFiles(dataDir: string, maxUploadBytes = DEFAULT_MAX_UPLOAD_BYTES): BlobFiles {
  const dir = path.join(dataDir, 'blobs');
  const tmpDir = path.join(dir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  return { dir, tmpDir, maxUploadBytes };
}

/** Removes the temporary files a process left when it stopped mid-upload; called at start, before any upload. */
export function sweepTemporaryFiles(files: BlobFiles): void {
  for (const name of fs.readdirSync(files.tmpDir)) fs.rmSync(path.join(files.tmpDir, name), { force: true, recursive: true });
}

const SHA256 = /^[0-9a-f]{64}$/;

/** A blob's file: two levels keep any one folder small. */
export function blobPath(files: BlobFiles, sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return path.join(files.dir, sha256.slice(0, 2), sha256);
}

/** An upload written to its temporary file, hashed and measured. */
export interface ReceivedFile {
  tempPath: string;
  sha256: string;
  size: number;
  /** The first bytes, for sniffing the type. */
  head: Buffer;
}

/** Thrown by `receiveFile` when the bytes pass the cap; the temporary file is already gone. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`is larger than ${maxBytes} bytes`);
  }
}

/**
 * Streams `source` into a new temporary file, hashing and counting as it goes, and syncs it to disk.
 * Over `files.maxUploadBytes` the stream is stopped and `FileTooLarge` thrown; on any failure (the
 * client went away, the disk) the temporary file is removed before the error is passed on.
 */
export async function receiveFile(files: BlobFiles, source: Readable): Promise<ReceivedFile> {
  const tempPath = path.join(files.tmpDir, `${crypto.randomBytes(12).toString('hex')}.part`);
  const hash = crypto.createHash('sha256');
  const headParts: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > files.maxUploadBytes) {
        done(new FileTooLarge(files.maxUploadBytes));
        return;
      }
      hash.update(chunk);
      if (headSize < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headSize);
        headParts.push(Buffer.from(part));
        headSize += part.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, measure, fs.createWriteStream(tempPath, { flags: 'wx' }));
    // On disk before a row can name it: a committed row whose file a power cut lost would be worse
    // than a file no row names.
    const handle = await fsp.open(tempPath, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    await fsp.rm(tempPath, { force: true });
    throw err;
  }
  return { tempPath, sha256: hash.digest('hex'), size, head: Buffer.concat(headParts, headSize) };
}

/**
 * Puts a received file in its place: renamed to its blob path, or dropped when that blob exists.
 * Answers whether this call created the blob's file (the caller removes it again if its row is
 * refused and no other row wants it).
 */
export async function placeBlob(files: BlobFiles, received: ReceivedFile): Promise<boolean> {
  const target = blobPath(files, received.sha256);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  try {
    // Hard-linking fails when the target exists, which a rename would silently replace: the file
    // another upload of the same bytes just placed stays the one the rows read.
    await fsp.link(received.tempPath, target);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fsp.rm(received.tempPath, { force: true });
  }
}

/** Removes a received file that will not be kept (a refused upload). */
export async function discardReceived(received: ReceivedFile): Promise<void> {
  await fsp.rm(received.tempPath, { force: true });
}

/** Removes a blob's file (the database no longer names its blob). */
export async function removeBlobFile(files: BlobFiles, sha256: string): Promise<void> {
  await fsp.rm(blobPath(files, sha256), { force: true });
}
