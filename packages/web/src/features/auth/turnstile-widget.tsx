import { TURNSTILE_SCRIPT_URL } from '@gw/core';
import { useEffect, useRef } from 'react';
import { useApp } from '../../app/app-context';

interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}

let script: Promise<TurnstileApi> | undefined;

/** Cloudflare's script, loaded once, the first time a page needs the captcha. */
function loadTurnstile(): Promise<TurnstileApi> {
  script ??= new Promise((resolve, reject) => {
    const element = document.createElement('script');
    element.src = TURNSTILE_SCRIPT_URL;
    element.async = true;
    element.onload = () => {
      const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else reject(new Error('Turnstile did not load'));
    };
    element.onerror = () => {
      script = undefined;
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(element);
  });
  return script;
}

/**
 * The Turnstile widget of the sign-up and reset pages, drawn only when the site turns the check on;
 * reports each token it gets ('' when one expires). Until a token comes the page refuses to submit.
 */
export function TurnstileWidget({ onToken }: { onToken: (token: string) => void }) {
  const { site } = useApp();
  const box = useRef<HTMLDivElement>(null);
  const siteKey = site?.turnstile_site_key ?? '';
  const on = site?.turnstile_check === true;
  useEffect(() => {
    if (!on || !box.current) return;
    let widget: string | undefined;
    let api: TurnstileApi | undefined;
    let live = true;
    const element = box.current;
    loadTurnstile()
      .then((loaded) => {
        if (!live) return;
        api = loaded;
        widget = loaded.render(element, {
          sitekey: siteKey,
          callback: (token: string) => onToken(token),
          'expired-callback': () => onToken(''),
        });
      })
      // Without the script no token ever comes, and the page keeps saying the check is running.
      .catch(() => undefined);
    return () => {
      live = false;
      if (api && widget) api.remove(widget);
    };
  }, [on, siteKey, onToken]);
  return on ? <div className="gw-turnstile" ref={box} /> : null;
}
