import type { BattleIntentInput } from '../../../../src-shared/battle/intents';
import type { BattleDetail } from '../../../../src-shared/contract/battles.contract';
import { AppError } from '../../../../src-shared/errors';
import { api, isUnreachable } from '../../api/transport';

/** A step tapped while the laptop could not be reached, kept on the phone with the event id it will be sent with. */
export interface WaitingTap {
  readonly clientEventId: string;
  readonly intent: BattleIntentInput;
  readonly tappedAt: string;
}

/** A kept step the laptop refused once it answered again, with its reason. */
interface RefusedTap extends WaitingTap {
  readonly code: string;
  readonly message: string;
}

export interface Box {
  readonly waiting: readonly WaitingTap[];
  readonly refused: readonly RefusedTap[];
}

/** How often a phone with taps waiting asks the laptop again. */
const RETRY_MS = 2_000;

const key = (battleId: string) => `aoa-outbox:${battleId}`;

function load(battleId: string): Box {
  try {
    const kept = JSON.parse(localStorage.getItem(key(battleId)) ?? 'null') as Box | null;
    if (kept && Array.isArray(kept.waiting) && Array.isArray(kept.refused)) return kept;
  } catch {
    // a phone that keeps nothing keeps its taps for this page only
  }
  return { waiting: [], refused: [] };
}

/**
 * A table's outbox (issue 42, a busy Wi-Fi): a tap made while the laptop cannot be reached is kept in the phone's own
 * storage (a LAN page over plain HTTP has no service worker), shown as waiting, and sent in order once the laptop
 * answers again, each with its own event id, so a tap sent twice (its answer lost) is recorded once. A kept tap the
 * laptop then refuses is set aside with its reason. Taps made while others wait join the end of the line.
 */
export class Outbox {
  private box: Box;
  private readonly listeners = new Set<() => void>();
  private sending = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly battleId: string,
    private readonly onRecorded: (detail: BattleDetail) => void = () => undefined,
  ) {
    this.box = load(battleId);
    if (this.box.waiting.length) this.later();
  }

  /** What the screen shows: the same object until something changes (useSyncExternalStore). */
  snapshot = (): Box => this.box;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get hasWaiting(): boolean {
    return this.box.waiting.length > 0;
  }

  /** Keeps a tap at the end of the line and tries to send the line. */
  keep(tap: WaitingTap): void {
    this.set({ ...this.box, waiting: [...this.box.waiting, tap] });
    void this.flush();
  }

  dismissRefused(clientEventId: string): void {
    this.set({ ...this.box, refused: this.box.refused.filter((r) => r.clientEventId !== clientEventId) });
  }

  /** Sends the waiting taps in order, the first again until the laptop answers; stops at the first that cannot go. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    clearTimeout(this.timer);
    try {
      for (;;) {
        const head = this.box.waiting[0];
        if (!head) return;
        try {
          const { battle } = await api.call('battles.act', { battleId: this.battleId, clientEventId: head.clientEventId, intent: head.intent });
          this.onRecorded(battle);
          this.set({ ...this.box, waiting: this.box.waiting.slice(1) });
        } catch (e) {
          if (isUnreachable(e)) return this.later();
          const err = e instanceof AppError ? e : new AppError('INTERNAL', String(e));
          this.set({ waiting: this.box.waiting.slice(1), refused: [...this.box.refused, { ...head, code: err.code, message: err.message }] });
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private later(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), RETRY_MS);
  }

  private set(box: Box): void {
    this.box = box;
    try {
      localStorage.setItem(key(this.battleId), JSON.stringify(box));
    } catch {
      // kept in memory only
    }
    for (const l of this.listeners) l();
  }
}

const outboxes = new Map<string, Outbox>();

/** The one outbox of a battle on this page. */
export function outboxOf(battleId: string, onRecorded?: (detail: BattleDetail) => void): Outbox {
  let box = outboxes.get(battleId);
  if (!box) {
    const made = new Outbox(battleId, onRecorded);
    // the phone's own word that the network is back: try at once rather than at the next retry
    window.addEventListener('online', () => void made.flush());
    outboxes.set(battleId, (box = made));
  }
  return box;
}
