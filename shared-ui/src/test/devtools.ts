/** A stand-in for the Redux DevTools browser extension, which zustand's devtools middleware talks to. */
export function fakeDevtoolsExtension() {
  const connections: Array<{ options: { name?: string; maxAge?: number }; sent: unknown[] }> = [];
  const extension = {
    connect(options: { name?: string; maxAge?: number }) {
      const connection = { options, sent: [] as unknown[] };
      connections.push(connection);
      return {
        init: () => undefined,
        send: (action: unknown) => connection.sent.push(action),
        subscribe: () => () => undefined,
        unsubscribe: () => undefined,
        error: () => undefined,
      };
    },
  };
  Object.assign(window, { __REDUX_DEVTOOLS_EXTENSION__: extension });
  return connections;
}
