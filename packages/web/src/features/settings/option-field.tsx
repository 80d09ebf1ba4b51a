import {
  Button,
  Callout,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
  TagInput,
  TextArea,
} from '@blueprintjs/core';
import {
  type OptionDefinition,
  optionChoiceLabel,
  optionHelpKey,
  optionLabelKey,
  optionNote,
  optionSaveKey,
} from '@gw/core';
import { useT } from '../../lib/use-t';
import { ChatLinksEditor, parseChatLinks } from './chat-links-editor';

interface OptionFieldProps {
  def: OptionDefinition;
  value: string;
  error?: string;
  /** The choices of a `choice` option (the safety tools come from the server). */
  choices?: readonly string[];
  busy: boolean;
  onChange: (value: string) => void;
  /** Set when the field has its own Save button (per-field cards). */
  onSave?: () => void;
}

const fieldId = (key: string) => `option-${key}`;

/** Long free texts (notices, page contents, keyword lists) get a text area, short ones a line. */
const isLongText = (def: OptionDefinition) => def.kind === 'text' && def.maxLength === undefined;

/** One option with the note §24 puts above it (a proxy's, the copyright warning), if any. */
export function OptionField(props: OptionFieldProps) {
  const t = useT();
  const note = optionNote(props.def.key);
  return (
    <>
      {note && (
        <Callout intent={note.intent} className="gw-option-note">
          {t(note.key)}
        </Callout>
      )}
      <OptionInput {...props} />
    </>
  );
}

/** One option drawn by its kind, with its rule's message (or its help) under it. */
function OptionInput({ def, value, error, choices, busy, onChange, onSave }: OptionFieldProps) {
  const t = useT();
  const label = t(optionLabelKey(def.key));
  const help = t(optionHelpKey(def.key));
  const intent = error ? 'danger' : 'none';
  const id = fieldId(def.key);
  if (def.kind === 'bool') {
    return (
      <div className="gw-option-switch">
        <Switch
          role="switch"
          id={id}
          label={label}
          checked={value === 'true'}
          disabled={busy}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
        <div className={error ? 'gw-option-help gw-option-error' : `gw-option-help ${Classes.TEXT_MUTED}`}>
          {error ?? help}
        </div>
      </div>
    );
  }
  let input: React.ReactNode;
  const chatLinks = def.json === 'chat_links' ? parseChatLinks(value) : undefined;
  if (chatLinks) {
    input = <ChatLinksEditor rows={chatLinks} onChange={onChange} />;
  } else if (def.kind === 'domains') {
    input = (
      <TagInput
        inputProps={{ id }}
        values={value.split(',').filter((domain) => domain.trim() !== '')}
        separator={/[,\s]+/}
        addOnBlur
        intent={intent}
        onChange={(values) => onChange(values.map(String).join(','))}
      />
    );
  } else if (def.kind === 'json' || isLongText(def)) {
    input = (
      <TextArea
        id={id}
        fill
        rows={def.key === 'Notice' ? 10 : def.kind === 'json' ? 6 : 5}
        value={value}
        intent={intent}
        className={def.kind === 'json' ? Classes.MONOSPACE_TEXT : undefined}
        spellCheck={def.kind === 'json' ? false : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  } else if (def.kind === 'choice') {
    const list = choices ?? def.choices ?? [];
    if (list.length === 0) return <FormGroup label={label}>{t('options.screen.no_tools')}</FormGroup>;
    const shown = list.includes(value) || value === '' ? list : [value, ...list];
    input = (
      <HTMLSelect
        id={id}
        value={value}
        options={shown.map((choice) => ({
          value: choice,
          label: optionChoiceLabel(def.key, choice, t),
        }))}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  } else {
    const numeric = def.kind === 'int' || def.kind === 'decimal';
    input = (
      <InputGroup
        id={id}
        // Numbers are typed as text so the option's own rule (not the browser) judges them.
        type={def.secret ? 'password' : 'text'}
        inputMode={numeric ? (def.kind === 'int' ? 'numeric' : 'decimal') : undefined}
        autoComplete={def.secret ? 'new-password' : 'off'}
        placeholder={def.secret ? t('options.screen.secret_placeholder') : undefined}
        value={value}
        intent={intent}
        onValueChange={onChange}
      />
    );
  }
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? help} intent={intent}>
      {onSave ? (
        <div className="gw-option-row">
          {input}
          <Button
            text={t(optionSaveKey(def.key))}
            aria-label={t('options.screen.save_field', { label })}
            loading={busy}
            onClick={onSave}
          />
        </div>
      ) : (
        input
      )}
    </FormGroup>
  );
}
