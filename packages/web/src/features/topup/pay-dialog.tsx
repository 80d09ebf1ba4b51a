import { AnchorButton, Callout, Dialog, DialogBody, Spinner } from '@blueprintjs/core';
import { createUserOrder, type UserOrderReply } from '@gw/core';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../app/app-context';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/**
 * Sends the gateway's form in a new tab: a POST with the order's params, or a GET to its URL. Built as
 * a hidden form so the gateway receives exactly the fields the server signed.
 */
function openGateway(reply: UserOrderReply): void {
  const { url, method, params } = reply.data;
  if (!params || method.toUpperCase() !== 'POST') {
    window.open(url, '_blank', 'noopener');
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = '_blank';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(params)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value ?? '');
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/**
 * The pay dialog (§14): places the order (`POST /api/user/order`), then opens the gateway (type 1) or
 * shows the payment link to scan or open (type 2). A refused order is toasted and the dialog closes.
 * Esc does not close it (a payment may be under way); the close button does.
 */
export function PayDialog({
  order,
  onClose,
}: {
  order: { uuid: string; amount: number };
  onClose: () => void;
}) {
  const t = useT();
  const { client } = useApp();
  const [reply, setReply] = useState<UserOrderReply | undefined>();
  // The parent's close callback changes on each render; the order must be placed once per dialog.
  const close = useRef(onClose);
  close.current = onClose;
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    let live = true;
    createUserOrder(client, order)
      .then((answer) => {
        if (!live) return;
        setReply(answer);
        if (answer.type === 1) openGateway(answer);
      })
      .catch((error: unknown) => {
        if (!live) return;
        showError(error, translate.current);
        close.current();
      });
    return () => {
      live = false;
    };
  }, [client, order]);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      title={t('payments.topup.paying_title')}
    >
      <DialogBody>
        {!reply ? (
          <div role="status">
            <Spinner size={32} />
            <p>{t('payments.topup.launching')}</p>
          </div>
        ) : (
          <>
            <p>{t(reply.type === 2 ? 'payments.topup.scan_to_pay' : 'payments.topup.open_payment')}</p>
            <AnchorButton
              intent="primary"
              href={reply.data.url}
              target="_blank"
              rel="noopener"
              text={reply.data.url}
              onClick={(event) => {
                if (reply.type === 1 && reply.data.method.toUpperCase() === 'POST') {
                  event.preventDefault();
                  openGateway(reply);
                }
              }}
            />
            <Callout intent="primary">{t('payments.topup.paid_note')}</Callout>
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}
