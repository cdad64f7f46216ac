import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '../../testing/servers.ts';

/**
 * A slow line in front of a server on loopback: what the client sends reaches the server at
 * `bytesPerSecond`, as over an owner's upload line; answers pass at once.
 */
export interface SlowLine {
  port: number;
  /** How many connections were closed on arrival. */
  readonly dropped: number;
  /**
   * Stops every byte in both directions where it stands, as a line that goes quiet without a
   * reset; the returned function cuts the connections and lets new ones through again.
   */
  freeze(): () => void;
  stop(): Promise<void>;
}

function throttled(from: Socket, to: Socket, bytesPerSecond: number, quiet: () => boolean) {
  from.on('data', (chunk: Buffer) => {
    if (quiet()) return;
    from.pause();
    to.write(chunk);
    setTimeout(() => from.resume(), (chunk.length / bytesPerSecond) * 1000);
  });
  from.on('end', () => to.end());
}

/**
 * Listens on 127.0.0.1 at each of `ports` (or a free port), forwarding to `host` at the same port
 * (or `targetPort`). With `dropEvery`, one connection in that many is closed on arrival, as a
 * busy server turns logins away.
 */
export async function startSlowLine(
  targetPort: number,
  bytesPerSecond: number,
  {
    host = '127.0.0.1',
    ports,
    dropEvery,
  }: { host?: string; ports?: number[]; dropEvery?: number } = {},
): Promise<SlowLine> {
  const sockets = new Set<Socket>();
  let arrived = 0;
  let dropped = 0;
  let frozen = false;
  const listen = async (port: number, upstreamPort: number) => {
    const server = createServer((client) => forward(client, upstreamPort));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  const forward = (client: Socket, upstreamPort: number) => {
    if (dropEvery && arrived++ % dropEvery === 0) {
      dropped += 1;
      client.destroy();
      return;
    }
    const upstream = createConnection({ host, port: upstreamPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    throttled(client, upstream, bytesPerSecond, () => frozen);
    upstream.on('data', (chunk: Buffer) => {
      if (!frozen) client.write(chunk);
    });
    upstream.on('end', () => client.end());
  };
  const port = ports ? targetPort : await freePort();
  const servers: Server[] = await Promise.all(
    (ports ?? [port]).map((each) => listen(each, ports ? each : targetPort)),
  );
  return {
    port,
    get dropped() {
      return dropped;
    },
    freeze: () => {
      frozen = true;
      return () => {
        for (const socket of sockets) socket.destroy();
        frozen = false;
      };
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
}
