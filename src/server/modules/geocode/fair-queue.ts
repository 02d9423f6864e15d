// One job at a time, clients ("lanes") taking turns (decision 0711): the lane served longest ago
// goes next, so a burst gets one turn per round and a single lookup waits one round at most.
// Bounded: at most `perLane(lane)` jobs of a lane and `maxPending` in all, the running one counted.

interface Job<T> {
  run: () => Promise<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

interface Lane<T> {
  queued: Job<T>[];
  /** Jobs queued plus the one running, if it is this lane's. */
  pending: number;
  /** The turn at which this lane was last served; -1 while not served since it became busy. */
  lastTurn: number;
  /** When this lane became busy: breaks ties between lanes not served yet. */
  arrived: number;
}

export class FairQueue<T> {
  private readonly lanes = new Map<string, Lane<T>>();
  private turn = 0;
  private arrivals = 0;
  private total = 0;
  private running = false;

  constructor(private readonly limits: { maxPending: number; perLane: (lane: string) => number }) {}

  /** Jobs waiting or running, in all. */
  get size(): number {
    return this.total;
  }

  /** Jobs of one lane waiting or running. */
  pendingOf(lane: string): number {
    return this.lanes.get(lane)?.pending ?? 0;
  }

  /** Runs `job` in its lane's turn and answers its value; at once, without running it, 'lane' when
   * the lane has as many jobs as it may, 'full' when the queue has. */
  async run(laneKey: string, job: () => Promise<T>): Promise<{ value: T } | { refused: 'lane' | 'full' }> {
    let lane = this.lanes.get(laneKey);
    if (lane && lane.pending >= this.limits.perLane(laneKey)) return { refused: 'lane' };
    if (this.total >= this.limits.maxPending) return { refused: 'full' };
    if (!lane) {
      lane = { queued: [], pending: 0, lastTurn: -1, arrived: this.arrivals++ };
      this.lanes.set(laneKey, lane);
    }
    lane.pending++;
    this.total++;
    const done = new Promise<T>((resolve, reject) => lane.queued.push({ run: job, resolve, reject }));
    void this.pump();
    return { value: await done };
  }

  /** The lane whose turn it is: served longest ago, or not yet (the earliest to arrive first). */
  private next(): [string, Lane<T>] | null {
    let best: [string, Lane<T>] | null = null;
    for (const entry of this.lanes) {
      const lane = entry[1];
      if (lane.queued.length === 0) continue;
      const b = best?.[1];
      if (!b || lane.lastTurn < b.lastTurn || (lane.lastTurn === b.lastTurn && lane.arrived < b.arrived)) best = entry;
    }
    return best;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let pick = this.next(); pick; pick = this.next()) {
        const [key, lane] = pick;
        const job = lane.queued.shift()!;
        lane.lastTurn = ++this.turn;
        try {
          job.resolve(await job.run());
        } catch (err) {
          job.reject(err);
        } finally {
          lane.pending--;
          this.total--;
          // A lane with nothing left is forgotten; when it asks again it is new, with one lookup.
          if (lane.pending === 0) this.lanes.delete(key);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
