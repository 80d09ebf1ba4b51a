import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { type CreatedListDef, createdListFile } from '@gw/core';
import { useEffect, useMemo, useRef } from 'react';
import { copyText } from '../lib/clipboard';
import { useT } from '../lib/use-t';

/** Offers text as a file the browser saves (the created codes, one a line). */
export function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the blob to the browser's download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface CreatedListDialogProps<Values> {
  def: CreatedListDef<Values>;
  values: Values;
  created: unknown;
  onClose: () => void;
  /** Saves the file (a test records it instead of downloading). */
  download?: (name: string, text: string) => void;
}

/**
 * What a create answered that the operator must see once (redemption codes): each with a copy
 * button, "copy all", and the `.txt` file, saved at once when there is more than one (console-screens §4).
 */
export function CreatedListDialog<Values>(props: CreatedListDialogProps<Values>) {
  const { def, values, created, onClose } = props;
  const t = useT();
  const save = props.download ?? downloadText;
  const items = def.items(created);
  const file = useMemo(() => createdListFile(def, values, created), [def, values, created]);
  const saved = useRef(false);
  useEffect(() => {
    if (file.autoDownload && !saved.current) {
      saved.current = true;
      save(file.name, file.text);
    }
  }, [file, save]);
  return (
    <Dialog isOpen onClose={onClose} title={t(def.titleKey)} className="gw-created-list">
      <DialogBody>
        {def.helpKey && <p>{t(def.helpKey)}</p>}
        <ul className="gw-created-items" aria-label={t(def.titleKey)}>
          {items.map((item) => (
            <li key={item}>
              <code>{item}</code>
              <Button
                size="small"
                variant="minimal"
                icon="duplicate"
                aria-label={t('web.kit.copy_item', { name: item })}
                onClick={() => void copyText(item, item, t)}
              />
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              icon="download"
              text={t('web.kit.download_txt')}
              onClick={() => save(file.name, file.text)}
            />
            <Button
              icon="duplicate"
              text={t('web.kit.copy_all')}
              onClick={() => void copyText(items.join('\n'), t('web.kit.all_items'), t)}
            />
            <Button intent="primary" text={t('common.close')} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
