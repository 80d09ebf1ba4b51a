// The deferred half of Blueprint's styles arrives with the toaster, just after the first paint.
import 'virtual:blueprint-deferred.css';
import { OverlayToaster, Position } from '@blueprintjs/core';
import { SMALL_SCREEN, useMediaQuery } from '../lib/media';
import { attachToaster } from '../lib/toasts';

/** The one toaster: at most 3 toasts, top right, bottom centre on phones (spec §9). */
export function ToastHost() {
  const phone = useMediaQuery(SMALL_SCREEN);
  return (
    <OverlayToaster
      ref={attachToaster}
      maxToasts={3}
      position={phone ? Position.BOTTOM : Position.TOP_RIGHT}
      usePortal
    />
  );
}
