import { TELEGRAM_MENU_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The admin Telegram bot menu screen (console-screens §22), drawn by the kit from core's description. */
export function TelegramPage() {
  return <ResourceScreen screen={TELEGRAM_MENU_SCREEN} />;
}
