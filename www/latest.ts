// The viewer's one rule for answers (DEVELOPERS.md): the user's last
// request wins. Every kind of request has a generation; beginning one makes
// every older request of its kind stale, and opening a database makes every
// older request of every kind stale. An answer is applied only while its
// request is fresh: a stale one is dropped, with nothing said.

/** The kinds of request, each with its own generation. */
export type Kind =
  /** A database: chosen, dropped, linked, the demo, or reopened by the user. */
  | 'open'
  /** A game shown. */
  | 'game'
  /** The list's filter, search form and sort (ListState). */
  | 'view'
  /** A position filter's search. */
  | 'position'
  | 'tree'
  | 'card'
  | 'diagnosis'
  /** The doctor's count of duplicates. */
  | 'duplicates'
  | 'compactness'
  | 'encoding'
  /** "Analyse game": the core's annotation of the game analysed. */
  | 'analysis'
  /** What is said of a Worker's restart and the reopen after it. */
  | 'restart';

/** Whether a request is still the latest of its kind. */
export type Fresh = () => boolean;

/** Thrown where a stale answer arrives: the action ends there, silently. */
export class Stale extends Error {
  constructor() {
    super('stale answer');
  }
}

export class Latest {
  private gens = new Map<Kind, number>();
  /** Counts the databases that opened (or closed): every request begun
   * before one did, of any kind but 'open', is stale. */
  private epoch = 0;

  private gen(kind: Kind): number {
    return this.gens.get(kind) ?? 0;
  }

  /** Begins a request of `kind`: every older one of that kind (of every
   * kind, for 'open') is stale from now on. */
  begin(kind: Kind): Fresh {
    this.gens.set(kind, this.gen(kind) + 1);
    return this.current(kind);
  }

  /** The latest request of `kind`, begun before: fresh until another begins. */
  current(kind: Kind): Fresh {
    const [mine, open, epoch] = [this.gen(kind), this.gen('open'), this.epoch];
    if (kind === 'open') return () => this.gen('open') === open;
    return () => this.gen(kind) === mine && this.gen('open') === open && this.epoch === epoch;
  }

  /** The database shown has changed (opened or closed): requests begun
   * before, for the one before, are stale, even those begun while it opened. */
  settled(): void {
    this.epoch++;
  }

  /** The answer `p` of the request `fresh`, or Stale once it is not the latest. */
  async answer<T>(fresh: Fresh, p: Promise<T>): Promise<T> {
    const result = await p.catch((err: unknown) => {
      throw fresh() ? err : new Stale();
    });
    if (!fresh()) throw new Stale();
    return result;
  }
}
