/**
 * The open sockets of this process, each with how it catches up on what it may have missed: while the
 * backplane between processes was down, messages published on other processes never reached them.
 */
export class CatchUp {
  private readonly sockets = new Set<() => void>();

  /** registers a socket's catch-up; answers the function that forgets it (on close) */
  add(catchUp: () => void): () => void {
    this.sockets.add(catchUp);
    return () => this.sockets.delete(catchUp);
  }

  /** how many open sockets are registered */
  get size(): number {
    return this.sockets.size;
  }

  /** every open socket catches up; answers how many */
  all(): number {
    for (const catchUp of this.sockets) catchUp();
    return this.sockets.size;
  }
}
