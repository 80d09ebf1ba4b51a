import type { EventEmitter } from 'node:events';
import { type Key, useInput, useStdin } from 'ink';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { splitKeyBurst } from './key-burst.js';

/** A component's keystroke handler. */
export type KeyHandler = (input: string, key: Key) => void;

interface Registration {
  handler: KeyHandler;
  active: boolean;
}

interface KeyDispatch {
  add: (registration: RefObject<Registration>) => () => void;
  /** The raw key being delivered right now (what the terminal sent for it), '' between keys. */
  currentKey: () => string;
}

const KeyDispatchContext = createContext<KeyDispatch | null>(null);

/** The part of Ink's stdin context that carries keys to every `useInput` (not in Ink's public types). */
interface InkInput {
  internal_eventEmitter?: EventEmitter;
}

/**
 * Paces every key to every input listener of the app, ours and the ink-text-input and
 * ink-select-input components alike, and fans them out to the handlers registered with `useKeys`.
 *
 * Keys that arrive together (a paste, fast typing over SSH, a held Backspace) are split into single
 * keys and handed out one at a time: a handler reads the state of the last render, so the second of
 * two keys handled before React commits the first would see the field unchanged (five backspaces
 * deleting one character, `root<Tab>pw` typing into one field). Ink emits every key on one event
 * emitter that all `useInput` hooks listen to, so the pacing sits there: each key bumps `delivered`,
 * and the layout effect of that commit (which has every update the key caused) releases the next key
 * on a fresh tick.
 *
 * Screens swap often (sign-in → console, list → form); Ink's own `useInput` subscribes in a passive
 * effect, so a key typed right after a swap could reach no one. Handlers here register in a layout
 * effect, in the same commit that draws the new screen.
 */
export function KeyboardProvider({ children }: { children: ReactNode }) {
  const registrations = useRef(new Set<RefObject<Registration>>());
  const queue = useRef<string[]>([]);
  const current = useRef('');
  const emitKey = useRef<((raw: string) => void) | undefined>(undefined);
  const awaitingCommit = useRef(false);
  const nextTick = useRef<NodeJS.Immediate | undefined>(undefined);
  const [delivered, setDelivered] = useState(0);
  const emitter = (useStdin() as unknown as InkInput).internal_eventEmitter;
  const deliverNext = () => {
    nextTick.current = undefined;
    const raw = awaitingCommit.current ? undefined : queue.current.shift();
    if (raw === undefined || !emitKey.current) return;
    awaitingCommit.current = true;
    current.current = raw;
    try {
      emitKey.current(raw);
    } finally {
      current.current = '';
      // Even when a handler threw: the commit this asks for releases the next key.
      setDelivered((count) => count + 1);
    }
  };
  // Between Ink reading stdin and its listeners: a chunk is queued as single keys, released one per commit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: deliverNext reads only refs; patch once per emitter
  useLayoutEffect(() => {
    if (!emitter) return;
    const original = emitter.emit;
    emitKey.current = (raw) => {
      original.call(emitter, 'input', raw);
    };
    emitter.emit = function paced(this: EventEmitter, event: string | symbol, ...args: unknown[]) {
      if (event !== 'input' || typeof args[0] !== 'string') return original.call(this, event, ...args);
      queue.current.push(...splitKeyBurst(args[0]));
      // A key of a quiet moment goes out at once (no added latency); the rest wait their turn.
      deliverNext();
      return true;
    } as EventEmitter['emit'];
    return () => {
      emitter.emit = original;
      emitKey.current = undefined;
    };
  }, [emitter]);
  useInput((input, key) => {
    for (const registration of [...registrations.current]) {
      if (registration.current.active) registration.current.handler(input, key);
    }
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per commit of a delivered key
  useLayoutEffect(() => {
    if (!awaitingCommit.current) return;
    awaitingCommit.current = false;
    if (queue.current.length > 0) nextTick.current = setImmediate(deliverNext);
  }, [delivered]);
  useEffect(
    () => () => {
      if (nextTick.current !== undefined) clearImmediate(nextTick.current);
    },
    [],
  );
  const dispatch = useMemo<KeyDispatch>(
    () => ({
      add: (registration) => {
        registrations.current.add(registration);
        return () => {
          registrations.current.delete(registration);
        };
      },
      currentKey: () => current.current,
    }),
    [],
  );
  return <KeyDispatchContext.Provider value={dispatch}>{children}</KeyDispatchContext.Provider>;
}

function useDispatch(): KeyDispatch {
  const dispatch = useContext(KeyDispatchContext);
  if (!dispatch) throw new Error('useKeys outside KeyboardProvider');
  return dispatch;
}

/** Receives keystrokes while `active`; handlers run in mount order (outer shell before inner screen). */
export function useKeys(handler: KeyHandler, active = true): void {
  const dispatch = useDispatch();
  const registration = useRef<Registration>({ handler, active });
  useLayoutEffect(() => {
    registration.current = { handler, active };
  });
  useLayoutEffect(() => dispatch.add(registration), [dispatch]);
}

/** Reads the raw key being delivered (for a library component's change to be checked against it). */
export function useCurrentKey(): () => string {
  return useDispatch().currentKey;
}
