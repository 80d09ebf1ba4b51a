import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import type { FormFieldDef, ProfileFormValues } from '@gw/core';
import { useState } from 'react';
import { useT } from '../../lib/use-t';

/**
 * One field of the personal-info form: a text or password input drawn from core's field definition,
 * its error (or help) under it. The kit's FormField draws every kind and would bring selects, lists
 * and option sources into this screen's chunk; this form only has these two.
 */
export function ProfileField({
  field,
  value,
  error,
  onChange,
}: {
  field: FormFieldDef<ProfileFormValues>;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const id = `profile-${field.name}`;
  const password = field.kind === 'password';
  return (
    <FormGroup
      label={t(field.labelKey)}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={error ?? (field.helpKey ? t(field.helpKey) : undefined)}
    >
      <InputGroup
        id={id}
        type={password && !shown ? 'password' : 'text'}
        autoComplete={password ? 'new-password' : undefined}
        value={value}
        intent={error ? 'danger' : 'none'}
        onValueChange={onChange}
        rightElement={
          password ? (
            <Button
              variant="minimal"
              icon={shown ? 'eye-off' : 'eye-open'}
              aria-label={t(shown ? 'web.kit.hide_password' : 'web.kit.show_password')}
              onClick={() => setShown(!shown)}
            />
          ) : undefined
        }
      />
    </FormGroup>
  );
}
