import {
  Alert,
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import {
  deletePasskey,
  formatTimestamp,
  GwApiError,
  listPasskeys,
  nowSeconds,
  PASSKEY_ALIAS_MAX,
  type Passkey,
  shortCredentialId,
} from '@gw/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApp } from '../../app/app-context';
import { passkeyErrorText, registerPasskey } from '../../lib/passkeys';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

const PASSKEYS_KEY = ['passkeys'] as const;

/** Whether a failure means the server has no passkey routes at all (rather than a passing fault). */
function serverLacksPasskeys(error: unknown): boolean {
  return (
    error instanceof GwApiError && (error.status === 404 || error.status === 405 || error.status === 501)
  );
}

/**
 * The Passkeys tab (§23): register one (named in a dialog), the caller's passkeys with delete. A server without the WebAuthn routes gets
 * an honest notice instead of a register button that could not work.
 */
export function PasskeysTab() {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => listPasskeys(client) });
  const [deleting, setDeleting] = useState<Passkey | undefined>();
  const name = (passkey: Passkey) => passkey.alias || formatTimestamp(passkey.created_time);
  const [naming, setNaming] = useState(false);
  const [alias, setAlias] = useState('');
  const [registering, setRegistering] = useState(false);

  const register = async (event: FormEvent) => {
    event.preventDefault();
    setRegistering(true);
    try {
      // Left blank, the passkey is named after the time it was made (§23).
      await registerPasskey(client, alias.trim() || formatTimestamp(nowSeconds()));
      setNaming(false);
      setAlias('');
      showToast('success', t('users.passkey.registered'));
    } catch (error) {
      showToast('error', passkeyErrorText(error, t));
    } finally {
      setRegistering(false);
      await queries.invalidateQueries({ queryKey: PASSKEYS_KEY });
    }
  };

  const remove = async (passkey: Passkey) => {
    setDeleting(undefined);
    try {
      await deletePasskey(client, passkey.id);
      showToast('success', t('users.profile.passkey_deleted'));
    } catch (error) {
      showError(error, t);
    } finally {
      await queries.invalidateQueries({ queryKey: PASSKEYS_KEY });
    }
  };

  let body: React.ReactNode;
  if (passkeys.isPending) body = <Spinner size={24} />;
  else if (passkeys.error) {
    body = serverLacksPasskeys(passkeys.error) ? (
      <NonIdealState icon="key" title={t('users.profile.passkeys_unavailable')} />
    ) : (
      <NonIdealState icon="error" title={t('errors.unknown')} />
    );
  } else if ((passkeys.data ?? []).length === 0) {
    body = <NonIdealState icon="key" title={t('users.profile.passkeys_empty')} />;
  } else {
    body = (
      <HTMLTable className="gw-profile-passkeys" striped>
        <thead>
          <tr>
            <th>{t('users.profile.passkey_alias')}</th>
            <th>ID</th>
            <th>{t('users.profile.passkey_created')}</th>
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(passkeys.data ?? []).map((passkey) => (
            <tr key={passkey.id}>
              <td>{name(passkey)}</td>
              <td>
                {/* A native tooltip: Blueprint's would bring its positioning engine into this screen's chunk. */}
                <code title={passkey.credential_id}>{shortCredentialId(passkey.credential_id)}</code>
              </td>
              <td>{formatTimestamp(passkey.created_time)}</td>
              <td>
                <Button
                  intent="danger"
                  variant="minimal"
                  icon="trash"
                  text={t('common.delete')}
                  onClick={() => setDeleting(passkey)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <>
      <Callout intent="primary" icon="key">
        {t('users.profile.passkeys_help')}
      </Callout>
      <Card>
        {!serverLacksPasskeys(passkeys.error) && (
          <Button
            className="gw-passkey-register"
            intent="primary"
            icon="add"
            text={t('users.passkey.register')}
            onClick={() => setNaming(true)}
          />
        )}
        {body}
      </Card>
      <Dialog
        isOpen={naming}
        title={t('users.passkey.alias_title')}
        onClose={() => !registering && setNaming(false)}
      >
        <form onSubmit={(event) => void register(event)}>
          <DialogBody>
            <FormGroup
              label={t('users.profile.passkey_alias')}
              labelFor="passkey-alias"
              helperText={t('users.passkey.alias_help')}
            >
              <InputGroup
                id="passkey-alias"
                autoFocus
                maxLength={PASSKEY_ALIAS_MAX}
                value={alias}
                onValueChange={setAlias}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('common.cancel')} disabled={registering} onClick={() => setNaming(false)} />
                <Button
                  type="submit"
                  intent="primary"
                  loading={registering}
                  text={t('users.passkey.continue')}
                />
              </>
            }
          />
        </form>
      </Dialog>
      <Alert
        isOpen={deleting !== undefined}
        intent="danger"
        icon="trash"
        confirmButtonText={t('common.delete')}
        cancelButtonText={t('common.cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        <p>{t('users.profile.passkey_delete_confirm', { name: deleting ? name(deleting) : '' })}</p>
      </Alert>
    </>
  );
}
