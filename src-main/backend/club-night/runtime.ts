/**
 * What club night keeps in the running backend rather than in the ledger:
 * the LAN listener (browser mode's, when there is one), the notices that
 * wake the phones' live streams, when each table was last heard from, and
 * each link's request budget. A restart loses these and nothing else: the
 * links, which link recorded each event and the sides' Finish votes are in
 * the ledger.
 */
export interface ClubNightRuntime {
  /** Set by browser mode's server: the listener on the LAN address. Absent in the desktop window and the CLI. */
  listener?: LanListener;
  changes: BattleChangeHub;
  /** Battle id → when a phone last called with its table link (ISO). */
  heard: Map<string, string>;
  limiter: RateLimiter;
}

export interface LanListenerStatus {
  on: boolean;
  lanAddress: string | null;
  port: number | null;
  baseUrl: string | null;
}

export interface LanListener {
  start(lanAddress: string, port?: number): Promise<void>;
  /** Closes the listener and every connection on it at once. */
  stop(): Promise<void>;
  status(): LanListenerStatus;
}

export function createClubNightRuntime(): ClubNightRuntime {
  return { changes: new BattleChangeHub(), heard: new Map(), limiter: new RateLimiter() };
}

type ChangeListener = (battleId: string) => void;

/**
 * Notices that a battle's record changed, for the live streams (server-sent
 * events): a table's stream listens to its battle, the board's to all.
 */
class BattleChangeHub {
  private readonly perBattle = new Map<string, Set<ChangeListener>>();
  private readonly everyBattle = new Set<ChangeListener>();

  /** `battleId` null: every battle's notices. Returns the unsubscribe. */
  subscribe(battleId: string | null, fn: ChangeListener): () => void {
    if (battleId === null) {
      this.everyBattle.add(fn);
      return () => this.everyBattle.delete(fn);
    }
    let set = this.perBattle.get(battleId);
    if (!set) this.perBattle.set(battleId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.perBattle.delete(battleId);
    };
  }

  publish(battleId: string): void {
    for (const fn of [...(this.perBattle.get(battleId) ?? []), ...this.everyBattle]) {
      try {
        fn(battleId);
      } catch {
        // a stream that failed to write is closed by its own error handler; the others still hear
      }
    }
  }

  private readonly revocations = new Set<() => void>();

  /** Called whenever links are revoked: a live stream checks its own link again and ends if it was one of them. */
  subscribeRevocations(fn: () => void): () => void {
    this.revocations.add(fn);
    return () => this.revocations.delete(fn);
  }

  publishRevocation(): void {
    for (const fn of [...this.revocations]) fn();
  }

  listeners(): number {
    let n = this.everyBattle.size;
    for (const s of this.perBattle.values()) n += s.size;
    return n;
  }
}

/**
 * A token bucket per link (keyed by the token's hash, never the token):
 * bursts up to `capacity` requests, then `perSecond`. Generous for two
 * phones recording a battle and their live reloads; a runaway script or a
 * stolen link is slowed, not the table.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly capacity = 120,
    readonly perSecond = 30,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one request from `key`'s bucket; false when it is empty. */
  take(key: string): boolean {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: t };
    b.tokens = Math.min(this.capacity, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    if (this.buckets.size > 10_000) this.prune(t);
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      return false;
    }
    b.tokens -= 1;
    this.buckets.set(key, b);
    return true;
  }

  private prune(t: number): void {
    for (const [k, b] of this.buckets) if (b.tokens + ((t - b.at) / 1000) * this.perSecond >= this.capacity) this.buckets.delete(k);
  }
}
