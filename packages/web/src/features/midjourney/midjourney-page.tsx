import { MIDJOURNEY_SCREEN, type Midjourney } from '@gw/core';
import { useState } from 'react';
import { ResourceScreen } from '../../kit/resource-screen';
import type { RowSlots } from '../../kit/resource-table';
import { MidjourneyImageCell, MidjourneyImageDialog } from './midjourney-image';

/**
 * The Midjourney screen (console-screens §20) from core's description: admins see every job, users
 * their own; the result image opens in a preview, with copy, download and open-in-window.
 */
export function MidjourneyPage() {
  const [shown, setShown] = useState<Midjourney | undefined>();
  const slots: RowSlots<Midjourney> = {
    // The time and the three texts break onto lines, so all 14 columns fit a 1440 px screen instead of
    // the prompts and the failure reason scrolling sideways inside the frame.
    wrap: ['submit_time', 'prompt', 'prompt_en', 'fail_reason'],
    cell: (job, column) =>
      column === 'image_url'
        ? { content: <MidjourneyImageCell job={job} onShow={() => setShown(job)} /> }
        : undefined,
  };
  return (
    <ResourceScreen screen={MIDJOURNEY_SCREEN} slots={slots}>
      {shown && <MidjourneyImageDialog job={shown} onClose={() => setShown(undefined)} />}
    </ResourceScreen>
  );
}
