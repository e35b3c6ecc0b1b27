/**
 * Stops a streamed request that goes quiet. The SDK's timeout ends when the response headers arrive, so a
 * server that keeps the connection open and sends nothing more (or nothing at all) would leave a reply
 * "streaming" for as long as the socket lives. Every piece of data resets the timer; when it runs out the
 * request is aborted and `timedOut` tells that apart from the person pressing Stop.
 */
export class IdleWatchdog {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private fired = false;
  private readonly forward = (): void => this.controller.abort(this.outer.reason);

  constructor(
    readonly idleMs: number,
    private readonly outer: AbortSignal,
  ) {
    // A signal of its own per request: the SDK never removes the listener it adds to the signal it is given.
    if (outer.aborted) this.controller.abort(outer.reason);
    else outer.addEventListener('abort', this.forward, { once: true });
    this.touch();
  }

  /** The signal to give the request. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get timedOut(): boolean {
    return this.fired;
  }

  /** Data arrived: the quiet period starts again. */
  touch(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error(`no data for ${this.idleMs} ms`));
    }, this.idleMs);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.outer.removeEventListener('abort', this.forward);
  }
}
