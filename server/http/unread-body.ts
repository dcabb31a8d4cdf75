import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * An answer sent before its request's body was read (a 413 on the declared length, a 415, a form cut
 * off at its part limit) ends its connection, and says so with `Connection: close`, as RFC 9112 (9.6)
 * asks. Hono's listener drains what is left for half a second and then closes the socket without
 * warning; a client that had put the socket back in its pool sent its next request into the closed
 * connection and got "other side closed" (tests/server/security/request-shapes.test.ts).
 */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function withUnreadBodiesClosed(next: RequestListener): RequestListener {
  return (req, res) => {
    if (hasBody(req)) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
        if (!req.complete) this.shouldKeepAlive = false;
        return writeHead.apply(this, args);
      } as ServerResponse['writeHead'];
    }
    next(req, res);
  };
}
