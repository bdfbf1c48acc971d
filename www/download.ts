// Saving text the user asked for: a download link on a Blob (no network).

export function download(name: string, parts: BlobPart[]): void {
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/x-chess-pgn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a game's players, safe on every system. */
export function gameFileName(white: string | undefined, black: string | undefined, index: number): string {
  const clean = (s: string | undefined) => (s ?? '').replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '');
  const players = [clean(white), clean(black)].filter(Boolean).join('-');
  return `${players || 'game'}-${index + 1}.pgn`;
}

/** Where an export's PGN goes as it arrives. */
export interface PgnSink {
  push(bytes: Uint8Array<ArrayBuffer>): void;
  /** Everything pushed is saved. */
  finish(): Promise<void>;
  /** The export failed or was cancelled: nothing is saved (a file being
   * written is left as the browser leaves an aborted one: not there). */
  abort(): void;
}

/** An export of at least this many games is written straight to a file
 * where the browser lets the page ask for one: the tab never holds it. */
export const STREAM_FROM = 10_000;

type SavePicker = (options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<FileSystemFileHandle>;

/** A file chosen by the user to write `name` into, where the browser can
 * (the File System Access API: Chromium on a desktop); null where it
 * cannot; 'declined' when the user closed the dialog. Call it during the
 * click: the browser shows the dialog only then. */
export async function pickFile(name: string): Promise<PgnSink | null | 'declined'> {
  const picker = (window as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  if (!picker) return null;
  let handle;
  try {
    handle = await picker({ suggestedName: name, types: [{ description: 'PGN', accept: { 'application/x-chess-pgn': ['.pgn'] } }] });
  } catch (err) {
    // AbortError: the user closed the dialog. Anything else (a policy, an
    // embedding that forbids it): the download as before.
    return err instanceof DOMException && err.name === 'AbortError' ? 'declined' : null;
  }
  return new FileSink(await handle.createWritable());
}

/** Chunks written to a file in order, as they come. */
class FileSink implements PgnSink {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly out: FileSystemWritableFileStream) {}

  push(bytes: Uint8Array<ArrayBuffer>): void {
    this.writing = this.writing.then(() => this.out.write(bytes));
  }

  async finish(): Promise<void> {
    await this.writing;
    await this.out.close();
  }

  abort(): void {
    void this.writing.catch(() => undefined).then(() => this.out.abort()).catch(() => undefined);
  }
}

/** An export's PGN as it arrives, in Blobs of about BLOB_BYTES, then
 * downloaded: the page holds its chunks only until a Blob is made of them,
 * and the browser keeps a Blob's bytes where it likes (Chromium moves
 * large ones to disk). */
export class BlobSink implements PgnSink {
  private readonly blobs: Blob[] = [];
  private chunks: Uint8Array<ArrayBuffer>[] = [];
  private length = 0;

  constructor(private readonly name: string) {}

  push(bytes: Uint8Array<ArrayBuffer>): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
    if (this.length >= BLOB_BYTES) this.seal();
  }

  finish(): Promise<void> {
    this.seal();
    download(this.name, this.blobs);
    return Promise.resolve();
  }

  abort(): void {
    this.chunks = [];
    this.blobs.length = 0;
  }

  private seal(): void {
    if (this.chunks.length === 0) return;
    this.blobs.push(new Blob(this.chunks));
    this.chunks = [];
    this.length = 0;
  }
}

/** Bytes held as chunks before they become a Blob. */
const BLOB_BYTES = 8 << 20;

/** Seconds left of a task begun at `started` (performance.now()), `done` of
 * `total` done, at the pace so far; null in its first second. */
export function secondsLeft(started: number, done: number, total: number): number | null {
  const elapsed = performance.now() - started;
  if (done <= 0 || elapsed < 1000) return null;
  return Math.ceil(((total - done) * elapsed) / done / 1000);
}
