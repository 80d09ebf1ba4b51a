import { type Key, useInput } from 'ink';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
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
 */
export function KeyboardProvider({ children }: { children: ReactNode }) {
  const registrations = useRef(new Set<RefObject<Registration>>());
  useInput((input, key) => {
    for (const registration of [...registrations.current]) {
      if (registration.current.active) registration.current.handler(input, key);
    }
  });
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
