/** A WebSocket that never touches the network; tests open and close it by hand. */
export class FakeWebSocket extends EventTarget {
  static readonly instances: FakeWebSocket[] = [];
  readonly url: string;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  /** WebSocket's: 0 connecting, 1 open, 3 closed */
  readyState = 0;

  constructor(url: string) {
    super();
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }

  receive(data: string) {
    this.onmessage?.(new MessageEvent("message", { data }));
  }

  /** the server or the network closed it */
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close"));
  }

  close() {
    this.closed = true;
    this.readyState = 3;
  }
}
