/**
 * Something that happened in this process, for the modules that follow it: `fire` calls each
 * listener in the order they came. The plugin of the module that owns the event decorates the
 * app with one; the plugins that follow it add their listeners when they are registered.
 */
export type Signal = {
  fire(): void;
  on(listener: () => void): void;
};

export function createSignal(): Signal {
  const listeners: (() => void)[] = [];
  return {
    fire() {
      for (const listener of listeners) listener();
    },
    on(listener) {
      listeners.push(listener);
    },
  };
}
