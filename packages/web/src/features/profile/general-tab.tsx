import { Button, Card, FormGroup, H4, HTMLSelect, Tag } from '@blueprintjs/core';
import {
  getUserGroupMap,
  LANGUAGE_NAMES,
  LANGUAGES,
  logoutEverywhere,
  type Language,
  PROFILE_FORM_FIELDS,
  type ProfileFormValues,
  profileFormSchema,
  profileFormValues,
  selfUpdateFromProfile,
  updateSelf,
  type User,
} from '@gw/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApp } from '../../app/app-context';
import { usePreferences } from '../../app/preferences';
import { UserAvatar } from '../../app/widgets/user-avatar';
import { SELF_QUERY_KEY } from '../../kit/use-self';
import { type FieldMessages, messagesFromServer, messagesFromZod } from '../../lib/form-errors';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { ProfileField } from './profile-field';

/** The General tab (§23): who the user is, the personal-info form and the interface language. */
export function GeneralTab({ user }: { user: User }) {
  return (
    <>
      <SummaryCard user={user} />
      <PersonalInfoForm user={user} />
      <LanguageCard />
      <SessionsCard />
    </>
  );
}

/** Avatar, username, e-mail and the chip "Group: name (rate r / speed rpm)" from `/api/user_group_map`. */
function SummaryCard({ user }: { user: User }) {
  const t = useT();
  const { client } = useApp();
  const groups = useQuery({ queryKey: ['user-group-map'], queryFn: () => getUserGroupMap(client) });
  const group = groups.data?.[user.group];
  return (
    <Card className="gw-profile-summary">
      <UserAvatar user={user} size={56} />
      <div>
        <H4>{user.username}</H4>
        <div className="bp6-text-muted">{user.email || t('users.profile.no_email')}</div>
      </div>
      <Tag round large intent="primary" minimal>
        {t('users.profile.group_chip', {
          name: group?.name || user.group,
          ratio: group?.ratio ?? 1,
          rpm: group?.api_rate ?? 0,
        })}
      </Tag>
    </Card>
  );
}

/**
 * Display name, new password and its confirmation, checked by core's profile schema before anything is
 * sent; `PUT /api/user/self` then saves them (an empty password keeps the current one).
 */
function PersonalInfoForm({ user }: { user: User }) {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const labels = Object.fromEntries(PROFILE_FORM_FIELDS.map((field) => [field.name, field.labelKey]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = profileFormSchema.safeParse(values);
    if (!checked.success) {
      setErrors(messagesFromZod(checked.error, t, labels));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await updateSelf(client, selfUpdateFromProfile(checked.data));
      showToast('success', t('users.profile.updated'));
      setValues((current) => ({ ...current, password: '', password_confirm: '' }));
      await queries.invalidateQueries({ queryKey: SELF_QUERY_KEY });
    } catch (error) {
      const fields = messagesFromServer(error);
      if (fields && Object.keys(fields).some((name) => name in labels)) setErrors(fields);
      else showError(error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <H4>{t('users.profile.personal_info')}</H4>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {PROFILE_FORM_FIELDS.map((field) => (
          <ProfileField
            key={field.name}
            field={field}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              // A fixed field loses its message at once (issue 10: errors stayed after the fix).
              setErrors((current) => {
                const { [field.name]: _fixed, ...rest } = current;
                return rest;
              });
            }}
          />
        ))}
        <Button type="submit" intent="primary" loading={busy} text={t('common.submit')} />
      </form>
    </Card>
  );
}

/** The interface language, saved in this browser the same way as the header's language menu. */
function LanguageCard() {
  const t = useT();
  const { language, setLanguage } = usePreferences();
  return (
    <Card>
      <FormGroup
        label={t('common.language')}
        labelFor="profile-language"
        helperText={t('users.profile.language_help')}
      >
        <HTMLSelect
          id="profile-language"
          value={language}
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          onChange={(event) => {
            setLanguage(event.currentTarget.value as Language);
            showToast('success', t('users.profile.language_saved'));
          }}
        />
      </FormGroup>
    </Card>
  );
}

/** "Sign out everywhere" (issue 15): every session of the user ends on the server, this one too. */
function SessionsCard() {
  const t = useT();
  const { client, session } = useApp();
  const [busy, setBusy] = useState(false);
  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await logoutEverywhere(client);
    } catch (error) {
      setBusy(false);
      showError(error, t);
      return;
    }
    session.clear();
    // A fresh page load, as the user menu's sign-out does: nothing of this user stays in the caches.
    window.location.assign('/');
  };
  return (
    <Card>
      <H4>{t('users.profile.sessions_title')}</H4>
      <p className="bp6-text-muted">{t('users.profile.sessions_help')}</p>
      <Button
        icon="log-out"
        intent="danger"
        loading={busy}
        text={t('users.profile.sign_out_everywhere')}
        onClick={() => void signOutEverywhere()}
      />
    </Card>
  );
}
