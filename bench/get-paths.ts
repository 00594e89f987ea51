import autocannon from 'autocannon';

/** autocannon's GET requests at `connections` for `seconds`, each request the next of `paths` in turn. */
export function getInTurn(url: string, paths: string[], options: { connections: number; seconds: number }) {
  let next = 0;
  return autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next = (next + 1) % paths.length;
          return { ...request, path: paths[next] };
        },
      },
    ],
  });
}
