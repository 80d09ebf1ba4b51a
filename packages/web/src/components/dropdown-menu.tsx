import { Button, Classes, Icon, type IconName } from '@blueprintjs/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** One entry of a {@link DropdownMenu}. */
export interface DropdownItem {
  key: string;
  text: string;
  icon?: IconName;
  active?: boolean;
  onSelect: () => void;
}

interface DropdownMenuProps {
  /** Accessible name of the opening button. */
  label: string;
  icon?: IconName;
  /** Content of the button when it is not just an icon (an avatar). */
  children?: ReactNode;
  items: DropdownItem[];
}

/**
 * A small menu under a button, drawn with Blueprint's menu styles but without its popover
 * machinery (popper.js and floating-ui), which would double the weight of the first page.
 * Closes on selection, on Escape and on a click elsewhere.
 */
export function DropdownMenu({ label, icon, children, items }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="gw-dropdown" ref={root}>
      <Button
        variant="minimal"
        icon={icon}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        {children}
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={`${Classes.MENU} ${Classes.ELEVATION_2} gw-dropdown-menu`}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={`${Classes.MENU_ITEM} gw-dropdown-item${item.active ? ` ${Classes.ACTIVE}` : ''}`}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.icon && <Icon icon={item.icon} />}
              <span className={Classes.FILL}>{item.text}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
