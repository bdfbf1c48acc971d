// Chunks of numbered parts passed on in the parts' order, whichever part
// is done first: the pool's split export (its slices) and an archive's
// export (its databases) alike (pool.ts).

/** Parts' chunks passed on in the parts' order (a split export's slices,
 * an archive's databases): a part's chunks go on at once while it is the
 * one being written, and wait here until it is. */
export class InOrder {
  /** The part being written. */
  at = 0;
  private held: Uint8Array<ArrayBuffer>[][];
  private finished: boolean[];
  private advanced: () => void = () => undefined;
  private moving: Promise<void>;

  constructor(private parts: number, private send: (bytes: Uint8Array<ArrayBuffer>) => void) {
    this.held = Array.from({ length: parts }, () => []);
    this.finished = new Array<boolean>(parts).fill(false);
    this.moving = new Promise<void>((ok) => (this.advanced = ok));
  }

  chunk(k: number, bytes: Uint8Array<ArrayBuffer>): void {
    if (k === this.at) this.send(bytes);
    else this.held[k].push(bytes);
  }

  /** Part `k` is complete: the parts complete in a row from the one being
   * written go on, and the next one's chunks kept so far. */
  done(k: number): void {
    this.finished[k] = true;
    const was = this.at;
    while (this.at < this.parts && this.finished[this.at]) {
      this.at++;
      if (this.at < this.parts) for (const bytes of this.held[this.at].splice(0)) this.send(bytes);
    }
    if (this.at > was) {
      this.advanced();
      this.moving = new Promise<void>((ok) => (this.advanced = ok));
    }
  }

  /** Settles when the part being written next moves on. */
  moved(): Promise<void> {
    return this.moving;
  }
}
