// The read-ahead Worker: reads a block of a File while the decoding Worker
// (worker.ts) decodes the block before it. The decoding Worker cannot read
// ahead by itself: its thread is busy in the wasm between two steps, and an
// asynchronous read (Blob.arrayBuffer) is filled on that same thread, so it
// barely moves meanwhile (400 MB with work between blocks: 0.47 s still
// waited for, against 0.61-0.84 s reading synchronously and 0.07 s through
// this Worker; docs/history/benchmarks.md §13).

import type { AheadReply, AheadRequest } from './lazy-file.js';

const scope = self as unknown as {
  postMessage(message: AheadReply, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<AheadRequest>) => void) | null;
};
const reader = new FileReaderSync();

scope.onmessage = ({ data: { seq, file, start, end } }) => {
  try {
    const bytes = reader.readAsArrayBuffer(file.slice(start, end));
    scope.postMessage({ seq, bytes }, [bytes]);
  } catch (err) {
    scope.postMessage({ seq, error: err instanceof Error ? err.message : String(err) });
  }
};
