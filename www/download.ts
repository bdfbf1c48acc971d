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
