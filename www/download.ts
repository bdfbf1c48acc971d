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

/** An export's PGN as it arrives, in Blobs of about BLOB_BYTES: the
 * page holds its chunks only until a Blob is made of them, and the
 * browser keeps a Blob's bytes where it likes (Chromium moves large ones
 * to disk). */
export class PgnParts {
  private readonly blobs: Blob[] = [];
  private chunks: Uint8Array<ArrayBuffer>[] = [];
  private length = 0;

  push(bytes: Uint8Array<ArrayBuffer>): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
    if (this.length >= BLOB_BYTES) this.seal();
  }

  /** Everything pushed, as parts of one Blob. */
  parts(): Blob[] {
    this.seal();
    return this.blobs;
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
