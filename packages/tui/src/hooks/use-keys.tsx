import { type Key, useInput } from 'ink';
import { type Keystroke, splitKeyBurst } from './key-burst.js';
import {
  createContext,
  useEffect,
  type ReactNode,
  type RefObject,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** A component's keystroke handler. */
export type KeyHandler = (input: string, key: Key) => void;

interface Registration {
  handler: KeyHandler;
  active: boolean;
}

interface KeyDispatch {
  add: (registration: RefObject<Registration>) => () => void;
}

const KeyDispatchContext = createContext<KeyDispatch | null>(null);

/**
 * One Ink input subscription for the whole app, mounted before anything else, fanning keys out to
 * the handlers registered with `useKeys`. Screens swap often (sign-in → console, list → form); Ink's
 * own `useInput` subscribes in a passive effect, so a key typed right after a swap could reach no
 * one. Handlers here register in a layout effect, in the same commit that draws the new screen.
 *
 * Keys that arrive together (a paste, fast typing over SSH) are split into single keys and handed
 * out one at a time: a handler reads the state of the last render, so the second of two keys handled
 * before React commits the first would see the field unchanged (five backspaces deleting one
 * character, `root<Tab>pw` typing into one field). Each key bumps `delivered`; the layout effect of
 * that commit (which has every update the key caused) releases the next key on a fresh tick.
 */
export function KeyboardProvider({ children }: { children: ReactNode }) {
  const registrations = useRef(new Set<RefObject<Registration>>());
  const queue = useRef<Keystroke[]>([]);
  const awaitingCommit = useRef(false);
  const nextTick = useRef<NodeJS.Immediate | undefined>(undefined);
  const [delivered, setDelivered] = useState(0);
  const deliverNext = () => {
    nextTick.current = undefined;
    const stroke = awaitingCommit.current ? undefined : queue.current.shift();
    if (!stroke) return;
    awaitingCommit.current = true;
    for (const registration of [...registrations.current]) {
      if (registration.current.active) registration.current.handler(stroke.input, stroke.key);
    }
    setDelivered((count) => count + 1);
  };
  useInput((input, key) => {
    queue.current.push(...splitKeyBurst(input, key));
    // A key of a quiet moment goes out at once (no added latency); the rest wait their turn.
    deliverNext();
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
    }),
    [],
  );
  return <KeyDispatchContext.Provider value={dispatch}>{children}</KeyDispatchContext.Provider>;
}

/** Receives keystrokes while `active`; handlers run in mount order (outer shell before inner screen). */
export function useKeys(handler: KeyHandler, active = true): void {
  const dispatch = useContext(KeyDispatchContext);
  if (!dispatch) throw new Error('useKeys outside KeyboardProvider');
  const registration = useRef<Registration>({ handler, active });
  useLayoutEffect(() => {
    registration.current = { handler, active };
  });
  useLayoutEffect(() => dispatch.add(registration), [dispatch]);
}
