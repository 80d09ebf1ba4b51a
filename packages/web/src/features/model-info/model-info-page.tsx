import { Button } from '@blueprintjs/core';
import { MODEL_INFO_SCREEN } from '@gw/core';
import { useState } from 'react';
import { ResourceScreen } from '../../kit/resource-screen';
import { useT } from '../../lib/use-t';
import { BulkImportDialog } from './bulk-import-dialog';
import './model-info.css';

/** The admin model info screen (console-screens §19), drawn by the kit, with the bulk import dialog. */
export function ModelInfoPage() {
  const [importing, setImporting] = useState(false);
  return (
    <ResourceScreen
      screen={MODEL_INFO_SCREEN}
      actions={<BulkImportButton onClick={() => setImporting(true)} />}
      // Inside the screen, so the dialog shares its query cache (the list reloads after an import).
      banner={importing ? <BulkImportDialog onClose={() => setImporting(false)} /> : undefined}
    />
  );
}

/** Drawn inside the screen once its strings are loaded. */
function BulkImportButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return <Button icon="import" text={t('model_info.import.open')} onClick={onClick} />;
}
