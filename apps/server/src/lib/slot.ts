/**
 * Something a lower module needs from a module above it, handed over at start-up (decision 008): the
 * lower module declares the slot, the upper one fills it when its plugin registers, so imports keep one
 * direction (a client's list shows its roles' counts without the clients module importing roles).
 * Reading a slot nobody filled is a wiring mistake and throws.
 */
export interface Slot<T> {
  provide(value: T): void;
  get(): T;
}

export function slot<T>(name: string): Slot<T> {
  let value: T | undefined;
  return {
    provide(next) {
      value = next;
    },
    get() {
      if (value === undefined) throw new Error(`${name} was not provided at start-up (decision 008).`);
      return value;
    },
  };
}
